#!/bin/sh
# Reproduces crates/engine/data/network.nnue (gen13): gen12 (the network of c567cd1) trained
# further on three self-play runs, played as resumable shards (tools/selfplay-shards.sh; a rerun
# skips the shards already written):
#   - gen11, 350,000 games at exactly 1,000 nodes a move (seed 2028, --node-jitter 0);
#   - gen11, 160,000 games at 1,000 nodes ± 25 % (seed 2029);
#   - gen12, 440,000 games at 1,000 nodes ± 25 % (seed 2031).
# The trainer reads each game once: 35.3 M positions in distinct games.
#
#   tools/train-gen13.sh [DIR]       (default DIR: gen13-run)
#
# Self-play is seeded and the node budgets drawn from the seed, so this search plays the same
# games again: the script checks the shards against their digests (the fixed run is gen12's, so
# data/training/gen12/fixed.sha256; the others in data/training/gen13/) and warns if a different
# search played other games. Training is deterministic for any thread count.
# About 3 hours of self-play and 10 minutes of training on 2 cores.
set -eu
GEN11=ca9f495
GEN12=c567cd1
dir=${1:-gen13-run}
cargo build --release -p minishogi-cli
mkdir -p "$dir"
for c in $GEN11 $GEN12; do
    git cat-file -e "$c^{commit}" 2>/dev/null ||
        { echo "commit $c is not in this clone: run 'git fetch --unshallow'" >&2; exit 1; }
done
git show "$GEN11:crates/engine/data/network.nnue" > "$dir/gen11.nnue"
git show "$GEN12:crates/engine/data/network.nnue" > "$dir/gen12.nnue"
PLAYER="--network $dir/gen11.nnue" NAME=gen11 SEED=2028 NODE_JITTER=0 \
    tools/selfplay-shards.sh "$dir/fixed" 35
PLAYER="--network $dir/gen11.nnue" NAME=gen11 SEED=2029 tools/selfplay-shards.sh "$dir/jittered" 16
PLAYER="--network $dir/gen12.nnue" NAME=gen12 SEED=2031 tools/selfplay-shards.sh "$dir/gen12" 44
for digests in gen12/fixed gen13/jittered gen13/gen12; do
    run=${digests#*/}
    (cd "$dir/$run" && sha256sum -c --quiet "$OLDPWD/data/training/$digests.sha256") ||
        echo "warning: the $run shards differ from those that trained gen13 (another search?)" >&2
done
target/release/minishogi nnue train \
    --data "$dir"/fixed/shard*.data "$dir"/jittered/shard*.data "$dir"/gen12/shard*.data \
    --init "$dir/gen12.nnue" --out "$dir/gen13.nnue" --epochs 4 --lr 1e-3 --seed 2032
echo "the network is $dir/gen13.nnue; compare: cmp $dir/gen13.nnue crates/engine/data/network.nnue"
