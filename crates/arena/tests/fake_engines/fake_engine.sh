#!/bin/sh
# A scripted USI engine for the arena's tests. Mode (first argument):
#   script   plays the moves below by ply number (a legal game that ends in mate)
#   late     the same, but sleeps 0.4 s before each move
#   slow     never answers `go`
#   crash    exits when asked to move
#   illegal  answers every `go` with an illegal move
#   garbage  prints junk, then an unreadable move
#   silent   never finishes the handshake
mode="$1"
script="3e4d 3a3b 4e3d 2a3a 2e1d 4a5b 3d3c 3b3c 4d3c G*3d S*4b 3a4b 3c4d 5b4c 4d5c S*4d 5c4d 5a5d"
ply=0
while read -r cmd rest; do
  case "$cmd" in
    usi)
      [ "$mode" = silent ] && continue
      echo "id name fake-$mode"
      echo "option name USI_Hash type spin default 1 min 1 max 1"
      echo usiok ;;
    isready) echo readyok ;;
    position)
      set -- $rest
      if [ $# -gt 1 ]; then ply=$(($# - 2)); else ply=0; fi ;;
    go)
      case "$mode" in
        slow) ;;
        crash) exit 1 ;;
        illegal) echo "bestmove 1a1b" ;;
        garbage) printf 'foo\n\001\002\377 nonsense\n'; echo "bestmove xyzzy" ;;
        *)
          [ "$mode" = late ] && sleep 0.4
          echo "info depth 1 score cp 0 pv x"
          set -- $script
          if [ "$ply" -lt $# ]; then shift "$ply"; echo "bestmove $1"; else echo "bestmove resign"; fi ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
