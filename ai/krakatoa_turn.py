"""What the dice on the table are worth for the rest of a Krakatoa turn (raw points, KR-2).

Every throw scores all nine dice (KR-2.1) and throws 3-5 throw Steam, Ash, Lava in turn (KR-4.3),
so a Volcano left standing on the table scores again on every later throw it survives: the dice a
throw leaves matter for *all* the throws after it, not only the next.  ``REST[k][dice]`` is the
expected raw score of throws k..5 (k = 2..5; ``REST[6]`` = 0) when each is aimed to maximise that
sum, computed exactly by dynamic programming over the 1,000 dice states with the throw
distributions of KR-1.1 and KR-8.2 (a scratch scores 0 and leaves the table as it was).

The outcome of an aimed throw is three independent parts (the thrown set fresh, each table set
struck), so each expectation factorises: about a hundred products per aim instead of a thousand.
The tables take a few seconds of Python to compute, so ``python -m ai.krakatoa_turn`` writes
them once into ``ai/krakatoa_turn_data.py`` (checked by tests against a direct computation).
"""

from __future__ import annotations

import sys
from pathlib import Path

from engines import krakatoa as KR

SETS = KR.SETS
ALL = KR.ALL_SETS  # the ten sorted faces of a set (KR-1.2)
INDEX = {f: i for i, f in enumerate(ALL)}
SCORE = [KR.set_score(f)[0] for f in ALL]
FRESH = [float(KR.FRESH_SET[f]) for f in ALL]
_FACE = {c: float(p) for c, p in KR.FACE_P.items()}
_STRIKE = {force: {role: float(p) for role, p in roles.items()} for force, roles in KR.STRIKE_P.items()}

#: the set thrown at each throw with a fixed set (KR-4.3); throw 2 chooses
FIXED = {3: 0, 4: 1, 5: 2}


def dice_index(dice: tuple[str, str, str]) -> int:
    return INDEX[dice[0]] * 100 + INDEX[dice[1]] * 10 + INDEX[dice[2]]


def struck(faces: int, probs: tuple[float, float, float]) -> tuple[list[float], float]:
    """A table set's distribution after strikes (KR-8.2) over the ten faces, and P(none struck)."""
    per_die = [
        {c: (1.0 - p if c == colour else 0.0) + p * _FACE[c] for c in KR.COLOURS}
        for colour, p in zip(ALL[faces], probs)
    ]
    dist = [0.0] * 10
    for c0, q0 in per_die[0].items():
        for c1, q1 in per_die[1].items():
            for c2, q2 in per_die[2].items():
                dist[INDEX[KR.sort_faces(c0 + c1 + c2)]] += q0 * q1 * q2
    return dist, (1.0 - probs[0]) * (1.0 - probs[1]) * (1.0 - probs[2])


def aims(dice: tuple[int, int, int], x: int) -> list[tuple[int, list[float], float, int, list[float], float]]:
    """Every aim throwing set ``x``: (target set, its distribution, its P(no strike), other set, ...)."""
    out = []
    faces_of = {y: ALL[dice[y]] for y in range(3) if y != x}
    for y, faces in faces_of.items():
        z = 3 - x - y
        for i, colour in enumerate(faces):
            if faces.index(colour) != i:
                continue  # KR-10.3 dice of one set showing the same colour are the same target
            for force in KR.FORCES:
                params = _STRIKE[force]
                probs = tuple(params["target"] if j == i else params["mate"] for j in range(3))
                dy, ny = struck(dice[y], probs)  # type: ignore[arg-type]
                o = params["other"]
                dz, nz = struck(dice[z], (o, o, o))
                out.append((y, dy, ny, z, dz, nz))
    return out


def compute() -> dict[int, list[float]]:
    """REST[k] for k = 2..6 as lists indexed by ``dice_index``."""
    fresh_value = sum(p * s for p, s in zip(FRESH, SCORE))
    rest: dict[int, list[float]] = {6: [0.0] * 1000}
    for k in (5, 4, 3, 2):
        later = rest[k + 1]
        # W[x][y'][z'] (in the set order of the dice, x fresh): expectation over the fresh set
        mixed = []
        for x in range(3):
            table = [[0.0] * 10 for _ in range(10)]
            for a in range(10):
                for b in range(10):
                    total = 0.0
                    for f in range(10):
                        idx = [0, 0, 0]
                        idx[x] = f
                        others = [j for j in range(3) if j != x]
                        idx[others[0]], idx[others[1]] = a, b
                        total += FRESH[f] * later[idx[0] * 100 + idx[1] * 10 + idx[2]]
                    table[a][b] = total
            mixed.append(table)
        values = [0.0] * 1000
        sets = [FIXED[k]] if k in FIXED else [0, 1, 2]
        for d in range(1000):
            dice = (d // 100, d // 10 % 10, d % 10)
            best = -1.0
            for x in sets:
                table = mixed[x]
                for y, dy, ny, z, dz, nz in aims(dice, x):
                    # raw of this throw: fresh + struck table sets, less what a scratch would have scored
                    ey = sum(p * s for p, s in zip(dy, SCORE))
                    ez = sum(p * s for p, s in zip(dz, SCORE))
                    raw = fresh_value + ey + ez - ny * nz * (fresh_value + SCORE[dice[y]] + SCORE[dice[z]])
                    # the table after it (a scratch leaves it as it was: the same distribution)
                    first, second = (dy, dz) if y < z else (dz, dy)
                    future = 0.0
                    for a in range(10):
                        pa = first[a]
                        if pa:
                            row = table[a]
                            future += pa * sum(q * w for q, w in zip(second, row))
                    value = raw + future
                    if value > best:
                        best = value
            values[d] = best
        rest[k] = values
    return rest


def write(path: Path) -> None:
    rest = compute()
    lines = [
        '"""Generated by ``python -m ai.krakatoa_turn``: REST[k][dice_index] (see ai/krakatoa_turn.py)."""',
        "",
        "REST: dict[int, tuple[float, ...]] = {",
    ]
    for k in (2, 3, 4, 5):
        lines.append(f"    {k}: (")
        for start in range(0, 1000, 10):
            lines.append("        " + ", ".join(f"{v:.6f}" for v in rest[k][start : start + 10]) + ",")
        lines.append("    ),")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")


def rest_table() -> dict[int, tuple[float, ...]]:
    """REST[k] for k = 2..6, from the generated module."""
    from ai.krakatoa_turn_data import REST

    return {**REST, 6: (0.0,) * 1000}


if __name__ == "__main__":
    write(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("krakatoa_turn_data.py"))
