#!/bin/sh
# Plays (or resumes) the three self-play runs that trained gen13, as resumable shards
# (tools/selfplay-shards.sh), and checks them against their digests:
#   - gen11, 350,000 games at exactly 1,000 nodes a move (seed 2028, --node-jitter 0): DIR/fixed;
#   - gen11, 160,000 games at 1,000 nodes ± 25 % (seed 2029): DIR/jittered;
#   - gen12, 440,000 games at 1,000 nodes ± 25 % (seed 2031): DIR/gen12.
# The fixed run is gen12's, so its digests are data/training/gen12/fixed.sha256; the others are in
# data/training/gen13/. Writes the two players to DIR/gen11.nnue and DIR/gen12.nnue.
#
#   tools/gen13-data.sh DIR          (about 3 hours on 2 cores)
set -eu
GEN11=ca9f495
GEN12=c567cd1
dir=${1:?usage: tools/gen13-data.sh DIR}
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
