#!/bin/sh
# Reproduces gen14, a candidate not shipped (docs/results/network-training.md#gen14-not-shipped):
# gen13 (the network of bc9d906) trained further on the self-play runs that trained gen13
# (tools/gen13-data.sh) and on gen13's own games at 3,000 nodes a move:
#   - gen11, 350,000 games at exactly 1,000 nodes a move (seed 2028, --node-jitter 0);
#   - gen11, 160,000 games at 1,000 nodes ± 25 % (seed 2029);
#   - gen12, 440,000 games at 1,000 nodes ± 25 % (seed 2031);
#   - gen13, 100,000 games at 3,000 nodes ± 25 % (seed 2033).
#
#   tools/train-gen14.sh [DIR]       (default DIR: gen14-run; gen13's runs go to DIR/gen13-runs)
#
# Self-play is seeded, so this search plays the same games again; the gen13 run is checked
# against data/training/gen14/gen13-n3000.sha256 (the others by gen13-data.sh). Training is
# deterministic for any thread count; the seed is gen13's (2032), which splits the games by their
# content, so the games gen13 held out stay held out and its starting loss is honest. About 4
# hours of self-play and 10 minutes of training on 2 cores.
set -eu
GEN13=bc9d906
dir=${1:-gen14-run}
tools/gen13-data.sh "$dir/gen13-runs"
git cat-file -e "$GEN13^{commit}" 2>/dev/null ||
    { echo "commit $GEN13 is not in this clone: run 'git fetch --unshallow'" >&2; exit 1; }
git show "$GEN13:crates/engine/data/network.nnue" > "$dir/gen13.nnue"
PLAYER="--network $dir/gen13.nnue" NAME=gen13 SEED=2033 NODES=3000 \
    tools/selfplay-shards.sh "$dir/gen13-n3000" 10
(cd "$dir/gen13-n3000" && sha256sum -c --quiet "$OLDPWD/data/training/gen14/gen13-n3000.sha256") ||
    echo "warning: the gen13-n3000 shards differ from those that trained gen14 (another search?)" >&2
runs="$dir/gen13-runs"
target/release/minishogi nnue train \
    --data "$runs"/fixed/shard*.data "$runs"/jittered/shard*.data "$runs"/gen12/shard*.data \
    "$dir"/gen13-n3000/shard*.data \
    --init "$dir/gen13.nnue" --out "$dir/gen14.nnue" --epochs 4 --lr 1e-3 --seed 2032
echo "the network is $dir/gen14.nnue"
