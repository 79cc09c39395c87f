#!/bin/sh
# Reproduces gen13, the shipped network from bc9d906 until gen18 (tools/train-gen18.sh trains it
# further): gen12 (the network of c567cd1) trained
# further on three self-play runs, played as resumable shards by tools/gen13-data.sh (a rerun
# skips the shards already written):
#   - gen11, 350,000 games at exactly 1,000 nodes a move (seed 2028, --node-jitter 0);
#   - gen11, 160,000 games at 1,000 nodes ± 25 % (seed 2029);
#   - gen12, 440,000 games at 1,000 nodes ± 25 % (seed 2031).
# The trainer reads each game once: 35.3 M positions in distinct games.
#
#   tools/train-gen13.sh [DIR]       (default DIR: gen13-run)
#
# Self-play is seeded and the node budgets drawn from the seed, so this search plays the same
# games again: gen13-data.sh checks the shards against their digests and warns if a different
# search played other games. Training is deterministic for any thread count.
# About 3 hours of self-play and 10 minutes of training on 2 cores.
set -eu
dir=${1:-gen13-run}
tools/gen13-data.sh "$dir"
target/release/minishogi nnue train \
    --data "$dir"/fixed/shard*.data "$dir"/jittered/shard*.data "$dir"/gen12/shard*.data \
    --init "$dir/gen12.nnue" --out "$dir/gen13.nnue" --epochs 4 --lr 1e-3 --seed 2032
echo "the network is $dir/gen13.nnue; compare: git show 29cceb1:crates/engine/data/network.nnue | cmp $dir/gen13.nnue -"
