#!/bin/sh
# Reproduces gen12, the shipped network from c567cd1 until gen13: the network of ca9f495 (gen11) plays two
# self-play runs as resumable shards (tools/selfplay-shards.sh; a rerun skips the shards already
# written), and gen11 is trained further on both:
#   - 350,000 games at exactly 1,000 nodes a move (seed 2028, --node-jitter 0), the run that
#     showed fixed-node self-play repeating games: 137,279 distinct games;
#   - 150,000 games at 1,000 nodes ± 25 % (seed 2029, the default jitter).
# The trainer reads each game once (13.46 M positions in distinct games).
#
#   tools/train-gen12.sh [DIR]       (default DIR: gen12-run)
#
# Self-play is seeded and the node budgets drawn from the seed, so this search plays the same
# games again: the script checks the shards against data/training/gen12/*.sha256 and warns if a
# different search played other games. Training is deterministic for any thread count.
# About 75 minutes of self-play and 4 of training on 2 cores.
set -eu
GEN11=ca9f495
dir=${1:-gen12-run}
cargo build --release -p minishogi-cli
mkdir -p "$dir"
git cat-file -e "$GEN11^{commit}" 2>/dev/null ||
    { echo "commit $GEN11 is not in this clone: run 'git fetch --unshallow'" >&2; exit 1; }
git show "$GEN11:crates/engine/data/network.nnue" > "$dir/gen11.nnue"
PLAYER="--network $dir/gen11.nnue" NAME=gen11 SEED=2028 NODE_JITTER=0 \
    tools/selfplay-shards.sh "$dir/fixed" 35
PLAYER="--network $dir/gen11.nnue" NAME=gen11 SEED=2029 tools/selfplay-shards.sh "$dir/jittered" 15
for run in fixed jittered; do
    (cd "$dir/$run" && sha256sum -c --quiet "$OLDPWD/data/training/gen12/$run.sha256") ||
        echo "warning: the $run shards differ from those that trained gen12 (another search?)" >&2
done
target/release/minishogi nnue train --data "$dir"/fixed/shard*.data "$dir"/jittered/shard*.data \
    --init "$dir/gen11.nnue" --out "$dir/gen12.nnue" --epochs 4 --lr 1e-3 --seed 2030
echo "the network is $dir/gen12.nnue; compare: git show c567cd1:crates/engine/data/network.nnue | cmp $dir/gen12.nnue -"
