#!/bin/sh
# Reproduces data/network.nnue, the engine's default evaluation: three generations of the network
# loop (self-play -> train -> match against the best -> keep the winner), started from the
# shipped linear weights. Well within two hours on the 2-core build machine (generation 3 took
# 30 minutes there under load; see docs/nnue.md); a rerun after an interruption resumes.
#
#   tools/train-network.sh [DIR]      (default DIR: nnue-run)
#
# Generation 1 is the large one (24,000 games from the linear weights, 6 epochs from random
# weights); generations 2 and 3 add 8,000 and 12,000 games played by the best network and train
# 3 epochs from it on the last three datasets. Every step is seeded from --seed and runs at
# fixed nodes, so the result does not depend on the machine's speed or the thread count.
set -eu
dir=${1:-nnue-run}
cargo build --release -p minishogi-cli
bin=target/release/minishogi
common="--out-dir $dir --nodes 1000 --opening-max 8 --match-games 400 --match-nodes 2000 --seed 2026"
"$bin" nnue loop $common --generations 1 --games 24000 --epochs 6
"$bin" nnue loop $common --generations 2 --games 8000 --epochs 3
"$bin" nnue loop $common --generations 3 --games 12000 --epochs 3
echo "the best network is $dir/best.nnue; to ship it: cp $dir/best.nnue data/network.nnue && cargo build --release -p minishogi-cli"
