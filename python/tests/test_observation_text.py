"""The board planes against the engine's own observation text (render()), cell by cell, over
random playouts: the encodings documented in docs/python.md say the same as the ASCII picture."""

import numpy as np

import gameboard
from conftest import playout

STORMLARK_GLYPHS = {"#": 1, "k": 2, "^": 3, "v": 3, "R": 4, "r": 4, "s": 5, "W": 6, "~": 7,
                    "*": 8, "|": 9}


def stormlark_text(board):
    """Redraws the Stormlark picture from the planes."""
    lanes, cols = board.shape[1:]
    rows = []
    for lane in range(lanes):
        row = ""
        for col in range(cols):
            if board[0, lane, col]:
                row += ">"
                continue
            kinds = [p for p in range(1, 10) if board[p, lane, col]]
            assert len(kinds) <= 1
            if not kinds:
                row += "."
                continue
            p, hp = kinds[0], board[kinds[0], lane, col]
            if p == 3:
                assert board[10, lane, col] + board[11, lane, col] == 1
                row += "^" if board[10, lane, col] else "v"
            elif p == 4:
                row += "R" if hp >= 2 else "r"
            else:
                row += {1: "#", 2: "k", 5: "s", 6: "W", 7: "~", 8: "*", 9: "|"}[p]
        rows.append(row)
    return "\n".join(rows)


def test_stormlark_planes_redraw_the_text():
    env = gameboard.make("stormlark")
    for seed in (1, 2, 3):
        for obs, _ in playout(env, seed=seed, steps=200, rng_seed=seed):
            assert stormlark_text(obs["board"]) == env.render()


def test_glimfall_planes_and_features_match_the_text():
    env = gameboard.make("glimfall")
    checked = 0
    for seed in (1, 2):
        for obs, _ in playout(env, seed=seed, steps=400, rng_seed=seed):
            board, f = obs["board"], obs["features"]
            lines = env.render().splitlines()
            collar = lines[1][:12]
            assert collar == "".join("G" if board[0, 0, b] else "-" for b in range(12))
            rib_lines = [line for line in lines[2:] if line[:12].strip(".#") == ""]
            for row, line in enumerate(rib_lines):
                cells = "".join("." if board[1, row + 1, b] else "#" for b in range(12))
                assert line[:12] == cells
                assert line.split()[1] == f"t{f[13 + row]}"
                checked += 1
            assert all(f[13 + row] == -1 for row in range(len(rib_lines), 3))
            mote_lines = [line for line in lines if " mote t" in line]
            if mote_lines:
                bracket = mote_lines[0].index("*")
                assert board[4, 0, bracket] in (1, 3)
                assert mote_lines[0].split(" mote ")[1].split()[0] == f"t{f[19]}"
            else:
                assert f[19] == -1 and not board[4].any()
    assert checked > 100


def test_silkspan_planes_redraw_the_text():
    env = gameboard.make("silkspan", ticks_per_step=3)
    for seed in (1, 2):
        for obs, _ in playout(env, seed=seed, steps=300, rng_seed=seed):
            b = obs["board"]
            pic = np.where(b[0] == 1, "#", np.where(b[1] == 1, "o", "."))
            for plane, glyph in ((2, "*"), (3, "m"), (6, "B"), (7, "@")):
                pic = np.where(b[plane] == 1, glyph, pic)
            text = "\n".join("".join(row) for row in pic)
            assert env.render().split("\nmoves:")[0] == text
            assert not (b[4:6] & (1 - b[3])).any(), "moth courses only on moth cells"
