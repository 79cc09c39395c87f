#!/bin/sh
# Reproduces gen10, the engine's default evaluation until gen11 (tools/train-gen11.sh trains it further): ten generations of the network
# loop (self-play -> train -> match against the best -> keep the winner), started from the
# shipped linear weights; a rerun after an interruption resumes.
#
#   tools/train-network.sh [DIR]            (default DIR: nnue-run)
#   FRESH=1 tools/train-network.sh [DIR]    (play every self-play game anew)
#
# Generation 1 is 24,000 games from the linear weights, trained 6 epochs from random weights;
# generations 2 to 10 add 8,000, 12,000 and then 24,000 games each, played by the best network,
# and train 3 epochs from it on the last three datasets. Every step is seeded from --seed and runs
# at fixed nodes, so the result does not depend on the machine's speed or the thread count.
#
# The loop skips a self-play step whose dataset is in DIR. The self-play datasets that trained
# gen10 were played by the searches of their time, so by default the script takes them
# from the repository's history (commit $DATASETS below; a shallow clone needs
# `git fetch --unshallow`) and checks them against data/training/nnue-loop/datasets.sha256; then
# only training and matches run (about 20 minutes on 2 cores) and best.nnue is byte-identical to
# gen10 (`git show c762e77:crates/engine/data/network.nnue`). With FRESH=1 this build's search plays the games (about 60 minutes more); a
# search that differs from the one that played a dataset plays other games and so trains another
# network.
set -eu
DATASETS=bd5eb985345d6c258834a520de00867b1f32a264
dir=${1:-nnue-run}
cargo build --release -p minishogi-cli
bin=target/release/minishogi
mkdir -p "$dir"
if [ "${FRESH:-0}" != 1 ]; then
    while read -r digest name; do
        if [ ! -e "$dir/$name" ]; then
            git cat-file -e "$DATASETS^{commit}" 2>/dev/null ||
                { echo "commit $DATASETS is not in this clone: run 'git fetch --unshallow', or FRESH=1" >&2; exit 1; }
            git show "$DATASETS:data/training/nnue-loop/$name" > "$dir/$name.part"
            mv "$dir/$name.part" "$dir/$name"
        fi
        echo "$digest  $dir/$name" | sha256sum -c --quiet - ||
            { echo "$dir/$name differs from the dataset that trained the shipped network" >&2; exit 1; }
    done < data/training/nnue-loop/datasets.sha256
fi
common="--out-dir $dir --nodes 1000 --opening-max 8 --match-games 400 --match-nodes 2000 --seed 2026"
"$bin" nnue loop $common --generations 1 --games 24000 --epochs 6
"$bin" nnue loop $common --generations 2 --games 8000 --epochs 3
"$bin" nnue loop $common --generations 3 --games 12000 --epochs 3
"$bin" nnue loop $common --generations 10 --games 24000 --epochs 3
echo "the best network is $dir/best.nnue (gen10: git show c762e77:crates/engine/data/network.nnue | cmp $dir/best.nnue -)"
