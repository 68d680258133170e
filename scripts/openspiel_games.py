#!/usr/bin/env python3
"""Random games played by OpenSpiel (pip package open-spiel 2.0.2), as an
independent oracle for our Kalah and Oware engines.

Writes JSON Lines in the input format of `mancala replay --jsonl`, plus the
final scores OpenSpiel reached:
    {"variant": "kalah", "moves": [...], "expected_scores": [a, b]}
Moves are house numbers 1..6 from the mover's left. OpenSpiel's `mancala` is
Kalah(6,4) with the standard rules; its `oware` is abapa with the grand-slam
and repetition rules we default to (RULES.md cites both).

    pip install open-spiel==2.0.2
    python3 scripts/openspiel_games.py 500 > protocol/tests/data/openspiel_games.jsonl
"""
import json
import random
import re
import sys

import pyspiel


def kalah_house(action, player):
    # OpenSpiel's mancala board: player 0's houses are 1..6, player 1's 8..13,
    # each sown towards its owner's store, so the lowest index is the owner's left.
    return action - (1 if player == 0 else 8) + 1


def final_scores(name, state):
    text = str(state)
    if name == "mancala":
        # OpenSpiel leaves the last seeds on the board and counts them for
        # their owner in Returns(); add them up the same way.
        lines = text.splitlines()
        top = [int(x) for x in lines[0].split("-") if x]
        stores = [int(x) for x in lines[1].split("-") if x]
        bottom = [int(x) for x in lines[2].split("-") if x]
        return [stores[1] + sum(bottom), stores[0] + sum(top)]
    return [int(re.search(r"Player %d score = (\d+)" % p, text).group(1)) for p in (0, 1)]


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    rng = random.Random(20261130)
    for name, variant in (("mancala", "kalah"), ("oware", "oware")):
        game = pyspiel.load_game(name)
        for _ in range(count):
            state = game.new_initial_state()
            moves = []
            while not state.is_terminal():
                player = state.current_player()
                action = rng.choice(state.legal_actions())
                moves.append(kalah_house(action, player) if name == "mancala" else action + 1)
                state.apply_action(action)
            print(json.dumps({"variant": variant, "moves": moves,
                              "expected_scores": final_scores(name, state)}))


if __name__ == "__main__":
    main()
