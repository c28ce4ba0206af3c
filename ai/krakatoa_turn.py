"""What the dice on the table are worth for the rest of a Krakatoa turn (raw points, KR-2).

Every throw scores all nine dice (KR-2.1) and throws 3-5 throw Steam, Ash, Lava in turn (KR-4.3),
so a Volcano left standing on the table scores again on every later throw it survives: the dice a
throw leaves matter for *all* the throws after it, not only the next.  ``REST[k][dice]`` is the
expected raw score of throws k..5 (k = 2..5; ``REST[6]`` = 0) when each is aimed to maximise that
sum, computed exactly by dynamic programming over the 1,000 dice states with the throw
distributions of KR-1.1 and KR-8.2 (a scratch scores 0 and leaves the table as it was).

The outcome of an aimed throw is three independent parts (the thrown set fresh, each table set
struck), so each expectation factorises: about a hundred products per aim instead of a thousand.
The tables take a few seconds of Python to compute, so ``python -m ai.krakatoa_turn`` computes
them once and writes them to the data file ``ai/data/krakatoa_turn.bin`` (``DATA_FILE``), which the
player reads once, on first use (``value_table``); tests check entries against a direct computation.
``python -m ai.krakatoa_turn --check`` recomputes them and says whether the file holds exactly that.
The same command writes (and checks) ``SPREAD_FILE``, ``ai/data/krakatoa_turn_spread.bin``: the
standard deviation of the rest of the turn under the same aims (``compute_spread``, advanced preset),
which ``hard`` reads on its last turn, where the points it needs are known.
The generator needs the standard library only, like the reader.

The file: a header (``_HEADER``: the magic ``_MAGIC``, the scale 10,000, the number of tables, 40,
and their width, 1,000), then the tables as little-endian 32-bit integers, each value in
ten-thousandths (the four decimals the tables have always been kept to): ``VALUE[k][m1 * 3 + m2]``
for k = 2..5, then ``VALUE_BASIC[k]`` for k = 2..5.  ``n / 10000`` is the double nearest to the
decimal ``n`` ten-thousandths, exactly the float Python reads from that decimal's text, so the
values are the ones the generated module ``ai/krakatoa_turn_data.py`` held before, bit for bit.
"""

from __future__ import annotations

import argparse
import struct
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from operator import mul
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
#: mean raw score of throw 1 (keep/rethrow) and of an aimed throw (auto against auto, 2 players,
#: advanced, 60 games): what a mark carried into the next turn is worth
THROW1_RAW = 3.98
AIM_RAW = 4.67


def dice_index(dice: tuple[str, str, str]) -> int:
    return INDEX[dice[0]] * 100 + INDEX[dice[1]] * 10 + INDEX[dice[2]]


@cache
def struck(faces: int, probs: tuple[float, float, float]) -> tuple[tuple[float, ...], float]:
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
    return tuple(dist), (1.0 - probs[0]) * (1.0 - probs[1]) * (1.0 - probs[2])


Aim = tuple[int, tuple[float, ...], float, int, tuple[float, ...], float]


def aims(dice: tuple[int, int, int], x: int) -> list[Aim]:
    """Every aim throwing set ``x``: (target set, its distribution, its P(no strike), other set, ...)."""
    out = []
    for y in range(3):
        if y == x:
            continue
        faces = ALL[dice[y]]
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


def earned(d: int) -> tuple[int, int]:
    """Marks a scored throw showing dice ``d`` earns from Rumbles and Eruptions (KR-3.4, KR-3.5):
    (on the next throw, on the one after).  Quakes depend on the total and are left to the player."""
    faces = (ALL[d // 100], ALL[d // 10 % 10], ALL[d % 10])
    colours = len(set("".join(faces)))
    volcanoes = sum(1 for f in faces if f[0] == f[2])
    n = e = 0
    if colours == 2:
        n += 1 if volcanoes <= 1 else 2
    if volcanoes == 3:
        if colours == 3:
            n, e = n + 1, e + 1
        elif colours == 1:
            n, e = n + 2, e + 2
    return n, e


def carry(m1: int, m2: int) -> float:
    """Points the marks left at the end of a turn are worth on the next turn's throws 1 and 2."""
    return THROW1_RAW * ((1 << m1) - 1) + AIM_RAW * ((1 << m2) - 1)


def compute(greedy: bool = False, basic: bool = False) -> dict[int, list[list[float]]]:
    """VALUE[k][m1 * 3 + m2][dice_index] for k = 2..5: the expected points (raw × marks, KR-2.4) of
    throws k..5 and the marks they pass on, each throw aimed to maximise that (KR-3.8 bookkeeping;
    a scratch scores 0, earns nothing and shifts m2 to m1).

    With ``basic`` the basic preset's (KR-7.1): no marks are ever earned or carried, so only
    ``VALUE[k][0]`` (m1 = m2 = 0) means anything; the others are computed alike.

    With ``greedy`` each throw is aimed as KR-8.4's ``auto`` aims it instead (the most expected raw
    points on the throw at hand, the first such aim in canonical order): the same values for that
    policy, so ``bench/krakatoa_ceiling.py`` can say how much any player can gain over it."""
    fresh_value = sum(p * s for p, s in zip(FRESH, SCORE))
    marks = [(0, 0) if basic else earned(d) for d in range(1000)]
    value: dict[int, list[list[float]]] = {  # KR-7.1: in the basic preset nothing is carried
        6: [[0.0 if basic else carry(m1, m2)] * 1000 for m1 in range(3) for m2 in range(3)]
    }
    for k in (5, 4, 3, 2):
        later = value[k + 1]
        # G[m2][d']: what a scored throw showing d' leads to; S[m2][d']: what a scratch leads to
        scored_next = [
            [later[min(2, m2 + marks[d][0]) * 3 + min(2, marks[d][1])][d] for d in range(1000)] for m2 in range(3)
        ]
        scratch_next = [later[m2 * 3][:] for m2 in range(3)]
        mixed = {}  # (m2, x) -> W[a][b] = E over the fresh set x of G
        for m2 in range(3):
            g = scored_next[m2]
            for x in range(3):
                others = [j for j in range(3) if j != x]
                table = []
                for a in range(10):
                    row = []
                    for b in range(10):
                        total = 0.0
                        for f in range(10):
                            idx = [0, 0, 0]
                            idx[x], idx[others[0]], idx[others[1]] = f, a, b
                            total += FRESH[f] * g[idx[0] * 100 + idx[1] * 10 + idx[2]]
                        row.append(total)
                    table.append(row)
                mixed[m2, x] = table
        tables = [[0.0] * 1000 for _ in range(9)]
        sets = [FIXED[k]] if k in FIXED else [0, 1, 2]
        for d in range(1000):
            dice = (d // 100, d // 10 % 10, d % 10)
            options = []  # (raw, [future for m2 = 0, 1, 2])
            for x in sets:
                for y, dy, ny, z, dz, nz in aims(dice, x):
                    ey = sum(map(mul, dy, SCORE))
                    ez = sum(map(mul, dz, SCORE))
                    none = ny * nz
                    raw = fresh_value + ey + ez - none * (fresh_value + SCORE[dice[y]] + SCORE[dice[z]])
                    first, second = (dy, dz) if y < z else (dz, dy)
                    futures = []
                    for m2 in range(3):
                        table = mixed[m2, x]
                        future = 0.0
                        for a in range(10):
                            pa = first[a]
                            if pa:
                                future += pa * sum(map(mul, second, table[a]))
                        # the scratch: same dice distribution, other marks (KR-3.7)
                        g, sc = scored_next[m2], scratch_next[m2]
                        for f in range(10):
                            idx = [0, 0, 0]
                            idx[x], idx[y], idx[z] = f, dice[y], dice[z]
                            at = idx[0] * 100 + idx[1] * 10 + idx[2]
                            future += FRESH[f] * none * (sc[at] - g[at])
                        futures.append(future)
                    options.append((raw, futures))
            if greedy:  # KR-8.4: the first option of the highest immediate expectation
                options = [max(options, key=lambda option: option[0])]
            for m1 in range(3):
                factor = 1 << m1
                for m2 in range(3):
                    tables[m1 * 3 + m2][d] = max(factor * raw + futures[m2] for raw, futures in options)
        value[k] = tables
    return value


def compute_spread(value: Mapping[int, Sequence[Sequence[float]]] | None = None) -> dict[int, list[list[float]]]:
    """SPREAD[k][m1 * 3 + m2][dice_index] for k = 2..5 (advanced preset): the standard deviation of
    the points of throws k..5 (raw × marks, KR-2.4, and the marks passed on at ``carry``'s worth) when
    each throw is aimed as ``VALUE`` aims it (the first option of the highest value): the second
    moment by the same dynamic programming as ``compute``, E[(c·raw + X')²] = c²·E[raw²] +
    2c·E[raw·V'] + E[M'] over the throw's outcomes (a scratch: 0 + M' of the scratch's state).
    ``hard`` reads it where the points it needs are known (its last turn) as the spread of a normal tail."""
    if value is None:
        value = compute()
    fresh_value = sum(p * s for p, s in zip(FRESH, SCORE))
    fresh_sq = sum(p * s * s for p, s in zip(FRESH, SCORE))
    marks = [earned(d) for d in range(1000)]
    second: dict[int, list[list[float]]] = {
        6: [[carry(m1, m2) ** 2] * 1000 for m1 in range(3) for m2 in range(3)]
    }
    spread: dict[int, list[list[float]]] = {}
    for k in (5, 4, 3, 2):
        later, later2 = value[k + 1], second[k + 1]
        nxt = [[min(2, m2 + marks[d][0]) * 3 + min(2, marks[d][1]) for d in range(1000)] for m2 in range(3)]
        g_v = [[later[nxt[m2][d]][d] for d in range(1000)] for m2 in range(3)]
        g_m = [[later2[nxt[m2][d]][d] for d in range(1000)] for m2 in range(3)]
        sc_v = [later[m2 * 3] for m2 in range(3)]
        sc_m = [later2[m2 * 3] for m2 in range(3)]
        # per (m2, x): over the fresh set x, tables [a][b] of E[g_v], E[score(f)·g_v], E[g_m]
        mixed = {}
        for m2 in range(3):
            for x in range(3):
                others = [j for j in range(3) if j != x]
                tv, tsv, tm = [], [], []
                for a in range(10):
                    rv, rsv, rm = [], [], []
                    for b in range(10):
                        sv = ssv = sm = 0.0
                        for f in range(10):
                            idx = [0, 0, 0]
                            idx[x], idx[others[0]], idx[others[1]] = f, a, b
                            at = idx[0] * 100 + idx[1] * 10 + idx[2]
                            p = FRESH[f]
                            sv += p * g_v[m2][at]
                            ssv += p * SCORE[f] * g_v[m2][at]
                            sm += p * g_m[m2][at]
                        rv.append(sv)
                        rsv.append(ssv)
                        rm.append(sm)
                    tv.append(rv)
                    tsv.append(rsv)
                    tm.append(rm)
                mixed[m2, x] = (tv, tsv, tm)
        tables2 = [[0.0] * 1000 for _ in range(9)]
        sets = [FIXED[k]] if k in FIXED else [0, 1, 2]
        current = value[k]
        for d in range(1000):
            dice = (d // 100, d // 10 % 10, d % 10)
            options = []  # (raw, [future for m2], [E raw², E raw·V', E M' for m2])
            for x in sets:
                for y, dy, ny, z, dz, nz in aims(dice, x):
                    ey = sum(map(mul, dy, SCORE))
                    ez = sum(map(mul, dz, SCORE))
                    ey2 = sum(p * s * s for p, s in zip(dy, SCORE))
                    ez2 = sum(p * s * s for p, s in zip(dz, SCORE))
                    none = ny * nz
                    unmoved = SCORE[dice[y]] + SCORE[dice[z]]
                    raw = fresh_value + ey + ez - none * (fresh_value + unmoved)
                    # E[raw²] over scored outcomes: the independent sum's, less the scratches'
                    raw2 = fresh_sq + ey2 + ez2 + 2 * (fresh_value * ey + fresh_value * ez + ey * ez)
                    raw2 -= none * sum(p * (s + unmoved) ** 2 for p, s in zip(FRESH, SCORE))
                    first, second_ = (dy, dz) if y < z else (dz, dy)
                    sa = [SCORE[a] for a in range(10)]
                    parts = []
                    for m2 in range(3):
                        tv, tsv, tm = mixed[m2, x]
                        fv = frv = fm = 0.0
                        for a in range(10):
                            pa = first[a]
                            if not pa:
                                continue
                            rowv, rowsv, rowm = tv[a], tsv[a], tm[a]
                            for b in range(10):
                                q = pa * second_[b]
                                if q:
                                    fv += q * rowv[b]
                                    frv += q * (rowsv[b] + (sa[a] + sa[b]) * rowv[b])
                                    fm += q * rowm[b]
                        for f in range(10):  # the scratch (KR-3.7): 0 points, M' of (m2, 0)
                            idx = [0, 0, 0]
                            idx[x], idx[y], idx[z] = f, dice[y], dice[z]
                            at = idx[0] * 100 + idx[1] * 10 + idx[2]
                            q = FRESH[f] * none
                            fv += q * (sc_v[m2][at] - g_v[m2][at])
                            frv -= q * (SCORE[f] + unmoved) * g_v[m2][at]
                            fm += q * (sc_m[m2][at] - g_m[m2][at])
                        parts.append((fv, frv, fm))
                    options.append((raw, raw2, parts))
            for m1 in range(3):
                c = 1 << m1
                for m2 in range(3):
                    best = max(c * raw + parts[m2][0] for raw, _, parts in options)
                    raw, raw2, parts = next(o for o in options if c * o[0] + o[2][m2][0] >= best - 1e-9)
                    _, frv, fm = parts[m2]
                    m = c * c * raw2 + 2 * c * frv + fm
                    tables2[m1 * 3 + m2][d] = m
        second[k] = tables2
        spread[k] = [
            [max(0.0, m - v * v) ** 0.5 for m, v in zip(tables2[i], current[i])] for i in range(9)
        ]
    return spread


#: where the computed tables live, next to this module (regenerate: ``python -m ai.krakatoa_turn``)
DATA_FILE = Path(__file__).with_name("data") / "krakatoa_turn.bin"
_MAGIC = b"MESA-KRT"
_HEADER = struct.Struct("<8sIHH")  # magic, scale, number of tables, table width
_SCALE = 10_000  # values are kept in ten-thousandths
_TURNS = (2, 3, 4, 5)  # the throws k whose tables are stored (6 is ``carry``, computed)
_TABLES = len(_TURNS) * 9 + len(_TURNS)  # VALUE's nine per throw, then VALUE_BASIC's one
_WIDTH = 1000  # one value per dice index

#: VALUE[k][m1 * 3 + m2][dice_index] and VALUE_BASIC[k][dice_index], as the file holds them
Tables = tuple[dict[int, tuple[tuple[float, ...], ...]], dict[int, tuple[float, ...]]]


def _ten_thousandths(v: float) -> int:
    """``v`` rounded to four decimals as text rounds it (the generated module's literals), as an integer."""
    text = f"{v:.4f}"
    if text.startswith("-"):
        raise ValueError(f"turn values are points, never negative: {text}")
    return int(text.replace(".", ""))


def encode(value: Mapping[int, Sequence[Sequence[float]]], basic: Mapping[int, Sequence[float]]) -> bytes:
    """The data file's bytes for ``value`` (``compute()``) and ``basic`` (``compute(basic=True)[k][0]``)."""
    rows = [table for k in _TURNS for table in value[k]] + [basic[k] for k in _TURNS]
    numbers = [_ten_thousandths(v) for table in rows for v in table]
    if len(rows) != _TABLES or len(numbers) != _TABLES * _WIDTH:
        raise ValueError(f"expected {_TABLES} tables of {_WIDTH} values")
    return _HEADER.pack(_MAGIC, _SCALE, _TABLES, _WIDTH) + struct.pack(f"<{len(numbers)}i", *numbers)


def _rows(data: bytes, want_magic: bytes, want_tables: int, kind: str) -> list[tuple[float, ...]]:
    """A data file's rows of ``_WIDTH`` values, checked against its header (``ValueError`` if not such a file)."""
    magic, scale, tables, width = _HEADER.unpack_from(data)
    if (magic, scale, tables, width) != (want_magic, _SCALE, want_tables, _WIDTH):
        raise ValueError(f"not a Krakatoa {kind} file: {(magic, scale, tables, width)}")
    if len(data) != _HEADER.size + 4 * tables * width:
        raise ValueError(f"a Krakatoa {kind} file of {len(data)} bytes is cut short or too long")
    numbers = struct.unpack_from(f"<{tables * width}i", data, _HEADER.size)
    return [tuple(n / scale for n in numbers[i : i + width]) for i in range(0, tables * width, width)]


def decode(data: bytes) -> Tables:
    """(VALUE, VALUE_BASIC) from the data file's bytes; ``ValueError`` if they are not such a file."""
    rows = _rows(data, _MAGIC, _TABLES, "turn table")
    value = {k: tuple(rows[i * 9 : i * 9 + 9]) for i, k in enumerate(_TURNS)}
    basic = {k: rows[len(_TURNS) * 9 + i] for i, k in enumerate(_TURNS)}
    return value, basic


@cache
def load() -> Tables:
    """(VALUE, VALUE_BASIC) read from ``DATA_FILE``, once per process (every later call shares them)."""
    return decode(DATA_FILE.read_bytes())


def computed() -> bytes:
    """The data file's bytes computed afresh: both presets' tables (a few seconds of Python)."""
    return encode(compute(), {k: table[0] for k, table in compute(basic=True).items()})


def write(path: Path = DATA_FILE) -> bytes:
    """Compute the tables and write them to ``path``; returns the bytes written."""
    data = computed()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return data


#: ``compute_spread``'s tables (advanced preset, k = 2..5, nine marks each), in the same layout
SPREAD_FILE = Path(__file__).with_name("data") / "krakatoa_turn_spread.bin"
_SPREAD_MAGIC = b"MESA-KRS"
_SPREAD_TABLES = len(_TURNS) * 9


def encode_spread(spread: Mapping[int, Sequence[Sequence[float]]]) -> bytes:
    """The spread file's bytes for ``spread`` (``compute_spread()``): header, then ten-thousandths."""
    numbers = [_ten_thousandths(v) for k in _TURNS for table in spread[k] for v in table]
    if len(numbers) != _SPREAD_TABLES * _WIDTH:
        raise ValueError(f"expected {_SPREAD_TABLES} tables of {_WIDTH} values")
    return _HEADER.pack(_SPREAD_MAGIC, _SCALE, _SPREAD_TABLES, _WIDTH) + struct.pack(f"<{len(numbers)}i", *numbers)


def decode_spread(data: bytes) -> dict[int, tuple[tuple[float, ...], ...]]:
    """SPREAD[k][m1 * 3 + m2][dice_index] from the spread file's bytes (``ValueError`` if not one)."""
    rows = _rows(data, _SPREAD_MAGIC, _SPREAD_TABLES, "turn spread")
    return {k: tuple(rows[i * 9 : i * 9 + 9]) for i, k in enumerate(_TURNS)}


@cache
def spread_table() -> dict[int, tuple[tuple[float, ...], ...]]:
    """SPREAD[k] for k = 2..5 (``compute_spread``), read from ``SPREAD_FILE`` once per process."""
    return decode_spread(SPREAD_FILE.read_bytes())


def computed_spread() -> bytes:
    """The spread file's bytes computed afresh (several seconds of Python)."""
    return encode_spread(compute_spread())


def value_table(basic: bool = False) -> dict[int, tuple[tuple[float, ...], ...]]:
    """VALUE[k] for k = 2..6, from the data file (6: the marks carried to the next turn).
    ``basic``: the basic preset's (KR-7.1), the one table of no marks in all nine places."""
    value, value_basic = load()
    if basic:
        return {**{k: (table,) * 9 for k, table in value_basic.items()}, 6: ((0.0,) * 1000,) * 9}
    end = tuple(tuple([carry(m1, m2)] * 1000) for m1 in range(3) for m2 in range(3))
    return {**value, 6: end}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ai.krakatoa_turn",
        description="Compute the Krakatoa turn value tables and write them to their data file.",
    )
    parser.add_argument("path", nargs="?", type=Path, default=DATA_FILE, help=f"default: {DATA_FILE}")
    parser.add_argument("--check", action="store_true", help="write nothing: exit 1 unless the file holds them")
    args = parser.parse_args(argv)
    spread_path = args.path.with_name(SPREAD_FILE.name)
    if args.check:
        same = args.path.is_file() and args.path.read_bytes() == computed()
        print(f"{args.path}: {'up to date' if same else 'differs from the computation'}")
        same_spread = spread_path.is_file() and spread_path.read_bytes() == computed_spread()
        print(f"{spread_path}: {'up to date' if same_spread else 'differs from the computation'}")
        return 0 if same and same_spread else 1
    data = write(args.path)
    print(f"{args.path}: {len(data):,} bytes")
    spread = computed_spread()
    spread_path.write_bytes(spread)
    print(f"{spread_path}: {len(spread):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
