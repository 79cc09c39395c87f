#!/bin/sh
# Reproduces gen11, the shipped network from c762e77 to ca9f495: the network loop's gen10 plays a long
# self-play run as resumable shards (tools/selfplay-shards.sh; a rerun skips the shards already
# written), then gen10 is trained further on those shards and the ten datasets of the network
# loop (both gen10 and the datasets are taken from the repository's history).
#
#   tools/train-gen11.sh [DIR]       (default DIR: gen11-run)
#
# It builds the code that made gen11 (commit c762e77, in a git worktree under DIR): today's
# self-play draws each move's node budget at random and today's trainer skips repeated games, so
# they would make other shards and another network. Self-play at c762e77 is fixed-node and seeded,
# so it plays the games of commit 195ae79 again: the script checks them against
# data/training/gen11/shards.sha256 and warns if a different search played other games. Training is
# deterministic for any thread count. About 75 minutes of self-play and 5 of training on 2 cores. (The 256-unit network it was
# measured against: the same training with HIDDEN = 256 and L2_WEIGHT_LIMIT = 2.0 in
# crates/engine/src/nnue/network.rs.)
set -eu
DATASETS=bd5eb985345d6c258834a520de00867b1f32a264
GEN10=c762e77
CODE=c762e77
dir=${1:-gen11-run}
mkdir -p "$dir/loop"
git cat-file -e "$CODE^{commit}" 2>/dev/null ||
    { echo "commit $CODE is not in this clone: run 'git fetch --unshallow'" >&2; exit 1; }
[ -d "$dir/code" ] || git worktree add --detach "$dir/code" "$CODE"
cargo build --release -p minishogi-cli --manifest-path "$dir/code/Cargo.toml"
bin="$dir/code/target/release/minishogi"
git cat-file -e "$DATASETS^{commit}" 2>/dev/null ||
    { echo "commit $DATASETS is not in this clone: run 'git fetch --unshallow'" >&2; exit 1; }
while read -r digest name; do
    if [ ! -e "$dir/loop/$name" ]; then
        git show "$DATASETS:data/training/nnue-loop/$name" > "$dir/loop/$name.part"
        mv "$dir/loop/$name.part" "$dir/loop/$name"
    fi
    echo "$digest  $dir/loop/$name" | sha256sum -c --quiet -
done < data/training/nnue-loop/datasets.sha256
git show "$GEN10:crates/engine/data/network.nnue" > "$dir/gen10.nnue"
# The shards record their player as "network embedded": gen10 was the shipped network then.
BIN="$bin" PLAYER="--network $dir/gen10.nnue" NAME="network embedded" tools/selfplay-shards.sh "$dir/shards" 24
(cd "$dir/shards" && sha256sum -c --quiet "$OLDPWD/data/training/gen11/shards.sha256") ||
    echo "warning: the shards differ from those that trained the shipped network (another search?)" >&2
"$bin" nnue train --data "$dir"/loop/gen*.data "$dir"/shards/shard*.data \
    --init "$dir/gen10.nnue" --out "$dir/gen11.nnue" --epochs 4 --lr 1e-3 --seed 2027
echo "the network is $dir/gen11.nnue; compare: git show ca9f495:crates/engine/data/network.nnue | cmp $dir/gen11.nnue -"
