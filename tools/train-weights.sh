#!/bin/sh
# Reproduces crates/engine/data/weights.bin: the training loop from the hand-set weights, then
# the proof match of the result against them. About 20 min for the loop and 2 min for the match
# on 2 cores.
#
#   tools/train-weights.sh [DIR]      (default DIR: train-run)
#
# DIR receives every round's dataset, candidate weights, loss curve (CSV + SVG) and summary.md;
# the best weights end up in DIR/best.weights. Copy them to crates/engine/data/weights.bin and
# rebuild to ship them as the engine's default.
set -eu
dir=${1:-train-run}
cargo build --release -p minishogi-cli
bin=target/release/minishogi
"$bin" train --rounds 5 --games 3000 --nodes 2000 --match-games 400 --match-nodes 2000 \
    --window 3 --init initial --dir "$dir" --out "$dir/best.weights" --seed 2026 --threads 2
"$bin" match --games 2000 --nodes 2000 --a "$dir/best.weights" --b initial --seed 99 --threads 2
echo "to ship: cp $dir/best.weights crates/engine/data/weights.bin && cargo build --release -p minishogi-cli"
