#!/bin/sh
# Reproduces the shipped network, crates/engine/data/network.nnue (gen18): gen13, the network
# shipped before it (taken from commit 29cceb1), trained 3 more epochs on 60,000 games gen13 played
# at 4,000 nodes a move ± 25 % (seed 2047), as 15 resumable shards of 4,000 games
# (tools/selfplay-shards.sh; a rerun skips the shards already written). The shards are checked
# against data/training/gen18/gen13-n4000.sha256. How gen13 itself was made: docs/nnue.md.
#
#   tools/train-network.sh [DIR]       (default DIR: gen18-run)
#
# Self-play is seeded and the node budgets drawn from the seed, so the search of 30d96e1 plays
# the same games again; another search plays others, and the digest check says so. Training is
# deterministic for any thread count. About an hour of self-play and one minute of training on
# 2 cores.
set -eu
GEN13=29cceb1
dir=${1:-gen18-run}
cargo build --release -p minishogi-cli
git cat-file -e "$GEN13^{commit}" 2>/dev/null ||
    { echo "commit $GEN13 is not in this clone: run 'git fetch --unshallow'" >&2; exit 1; }
mkdir -p "$dir"
git show "$GEN13:crates/engine/data/network.nnue" > "$dir/gen13.nnue"
PLAYER="--network $dir/gen13.nnue" NAME=gen13-4k NODES=4000 SEED=2047 \
    tools/selfplay-shards.sh "$dir/shards" 15 4000
(cd "$dir/shards" && sha256sum -c --quiet "$OLDPWD/data/training/gen18/gen13-n4000.sha256") ||
    echo "warning: the shards differ from those that trained gen18 (another search?)" >&2
target/release/minishogi nnue train --data "$dir"/shards/shard0*.data --init "$dir/gen13.nnue" \
    --out "$dir/gen18.nnue" --epochs 3 --lr 5e-4 --seed 2048
echo "the network is $dir/gen18.nnue; compare: cmp $dir/gen18.nnue crates/engine/data/network.nnue"
