#!/bin/sh
# Plays one long self-play run as numbered shards, resumably: shard K holds games
# K*GAMES .. (K+1)*GAMES-1 of the seed's run, so the shards together are exactly the one-command
# run of SHARDS*GAMES games. A shard whose file exists is skipped (the dataset is written
# atomically, so an interrupted shard leaves no file); rerun the same command to go on.
#
#   tools/selfplay-shards.sh DIR SHARDS [GAMES]      (default GAMES: 10000)
#
# The player is the shipped network at 1,000 nodes a move on average (each move's budget drawn
# from ±25 %, selfplay's default), from openings of 2-8 random plies, as in the network loop; set
# PLAYER (e.g. PLAYER="--network my.nnue"), NODES, NODE_JITTER or SEED to change them, and NAME
# for the player's name the datasets record.
set -eu
dir=${1:?usage: tools/selfplay-shards.sh DIR SHARDS [GAMES]}
shards=${2:?usage: tools/selfplay-shards.sh DIR SHARDS [GAMES]}
games=${3:-10000}
bin=${BIN:-target/release/minishogi}
mkdir -p "$dir"
k=0
while [ "$k" -lt "$shards" ]; do
    out=$(printf '%s/shard%03d.data' "$dir" "$k")
    if [ ! -e "$out" ]; then
        # shellcheck disable=SC2086 # PLAYER is a flag and its value
        "$bin" selfplay --games "$games" --first-game $((k * games)) --nodes "${NODES:-1000}" \
            ${NODE_JITTER:+--node-jitter "$NODE_JITTER"} \
            --seed "${SEED:-2027}" --opening-max 8 ${PLAYER:---network embedded} \
            ${NAME:+--name "$NAME"} --out "$out"
    fi
    k=$((k + 1))
done
