#!/bin/sh
# Reproduces crates/minjiku-engine/data/weights.json and the receipts in data/training/minjiku/:
# Minjiku self-play with the hand-set weights (shards of 100 games, 2,000 nodes a move, seed
# 2026), Texel tuning of all 383 weights on the games (the tuner's defaults with a fifth of the
# games held out for validation, seed 1), and the gate match of the tuned weights against the
# hand-set ones (200 games, 2,000 nodes a move).
# Every step is a function of its seed, so the same shards give the same weights and games.
# About 50 min for the self-play on the shared 2-core machine (at a load average near 20), 10 s
# for the tuning, 3 min for the gate.
#
#   tools/train-minjiku-weights.sh [DIR] [SHARDS]      (default DIR: minjiku-train, SHARDS: 7)
#
# DIR receives each shard's dataset and game lines (`startpos moves …`, what `minjiku tb gen
# --from-games` reads), the tuned weights with their loss curve, the tuning log and the gate's
# log and records.
set -eu
dir=${1:-minjiku-train}
shards=${2:-7}
cargo build --release -p minishogi-cli
bin=$(pwd)/target/release/minishogi
mkdir -p "$dir"
cd "$dir"
shard=0
while [ "$shard" -lt "$shards" ]; do
    "$bin" minjiku selfplay --games 100 --first-game $((shard * 100)) --nodes 2000 --seed 2026 \
        --threads 2 --weights initial --out "selfplay-$shard.txt" --games-out "games-$shard.txt"
    shard=$((shard + 1))
done
# The shards in the shell's order (selfplay-0, -1, …): the order of the training positions.
"$bin" minjiku tune --data selfplay-*.txt --init initial --seed 1 --validation 0.2 --threads 2 \
    --out tuned.json > tune.log
cat tune.log
"$bin" minjiku match --a tuned.json --b initial --nodes 2000 --games 200 --seed 7 --threads 2 \
    --records gate.tsv > gate.log
cat gate.log
echo "to ship when the gate's Elo interval lies above 0:"
echo "  cp $dir/tuned.json crates/minjiku-engine/data/weights.json"
