"""An engine's reason for refusing a move, said in the reader's language (issue 28, item 4).

Engines raise ``MoveError`` with an English sentence (what ``python -m engines`` and the
specification's readers see) and, for the tables layer, a ``code`` and its ``facts``; the catalogue
(``tables/i18n.py``, ``refusal.<game>.<code>``, ``refusal.any.<code>``) says the sentence in English
and Spanish.  Checked here: every refusal a player can meet carries a code; every code has both
sentences with the same placeholders; over seeded playouts of every game and a corpus of junk and
illegal texts, the Spanish refusal holds no English and the English one reads as it always did; and
the command line's output is unchanged.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest
from refusal_corpus import refusals

from engines import game_names
from tables.errors import TableError
from tables.i18n import EN, ES, Phrase, t
from tables.rules_step import reason, refusal_key

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ROOT / "engines"
#: the methods a player's move goes through (tables/rules_step.py, tables/play.py)
ROOTS = {"parse_move", "apply", "auto_move", "move_seat"}
#: raises deliberately left without a code, each with why: (module, function) -> reason
UNCODED: dict[tuple[str, str], str] = {}
#: common English words no Spanish refusal may hold (the notation's words, steam or keep, may stay)
ENGLISH = re.compile(r"\b(?:the|you|your|may|not|from|only|piece|pieces|move|moves|must|cannot|this|there|is|are|"
                     r"with|square|squares|of|and|or|has|have|no longer|its|be|on|at|into|than|first|now|"
                     r"game|over|empty|left|after|before)\b", re.IGNORECASE)


def _functions(tree: ast.Module) -> dict[str, list[ast.FunctionDef]]:
    found: dict[str, list[ast.FunctionDef]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            found.setdefault(node.name, []).append(node)
    return found


def _called(fn: ast.FunctionDef) -> set[str]:
    names = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                names.add(node.func.id)
            elif isinstance(node.func, ast.Attribute):
                names.add(node.func.attr)
        elif isinstance(node, ast.Name):  # handlers kept in tables (Plateau's _HANDLERS) are reached too
            names.add(node.id)
    return names


def _errors_made(fn: ast.FunctionDef) -> list[ast.Call]:
    """The ``MoveError`` (or subclass) constructions in ``fn``, raised or returned to be raised."""
    return [node for node in ast.walk(fn) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id.endswith("MoveError")]


def _reachable(path: Path) -> dict[str, list[ast.FunctionDef]]:
    """The functions of ``path`` a player's move may run, by name (an over-estimate: same names merge)."""
    tree = ast.parse(path.read_text())
    functions = _functions(tree)
    tables: dict[str, set[str]] = {}  # module-level names bound to functions: Plateau's _HANDLERS
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            held = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
            for target in targets:
                if isinstance(target, ast.Name):
                    tables[target.id] = held
    todo = [name for name in ROOTS if name in functions]
    seen: dict[str, list[ast.FunctionDef]] = {}
    while todo:
        name = todo.pop()
        if name in tables and name not in functions:
            todo.extend(tables.pop(name) - seen.keys())
        if name in seen or name not in functions:
            continue
        seen[name] = functions[name]
        for fn in functions[name]:
            todo.extend(_called(fn) - seen.keys())
    return seen


def _codes(call: ast.Call) -> list[str]:
    for kw in call.keywords:
        if kw.arg == "code":
            return [n.value for n in ast.walk(kw.value) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return []


def _game(path: Path) -> str:
    return "any" if path.stem == "base" else path.stem


def _engine_files() -> list[Path]:
    return [ENGINES / f"{name}.py" for name in ("base", *game_names())]


def test_every_refusal_a_player_can_meet_has_a_code() -> None:
    missing = []
    for path in _engine_files():
        for name, fns in _reachable(path).items():
            for fn in fns:
                for call in _errors_made(fn):
                    if not _codes(call) and (path.stem, name) not in UNCODED:
                        missing.append(f"{path.name}:{call.lineno} in {name}")
    assert not missing, missing


def test_every_code_is_said_in_english_and_spanish_alike() -> None:
    wrong = []
    placeholders = re.compile(r"{(\w+)}")
    for path in _engine_files():
        for fns in _functions(ast.parse(path.read_text())).values():
            for fn in fns:
                for call in _errors_made(fn):
                    for code in _codes(call):
                        assert _game(path) != "any" or code.startswith("any."), code
                        key = refusal_key(_game(path), code)
                        if key not in EN or key not in ES:
                            wrong.append(f"{key}: missing")
                        elif set(placeholders.findall(EN[key])) != set(placeholders.findall(ES[key])):
                            wrong.append(f"{key}: placeholders differ")
    assert not wrong, wrong
    terms = {k for k in EN if k.startswith("term.")}
    assert terms <= ES.keys()


@pytest.mark.parametrize("game", game_names())
def test_refusals_over_playouts_read_in_the_readers_language(game: str) -> None:
    uncoded, english, changed, checked = set(), [], [], 0
    for _, _, text, exc in refusals(game):
        if not exc.code or refusal_key(game, exc.code) not in EN:
            uncoded.add(str(exc))
            continue
        checked += 1
        new = TableError("error.bad_move", move=text.strip(), detail=reason(game, exc), hint="")
        old = TableError("error.bad_move", move=text.strip(), detail=str(exc).rstrip(". "), hint="")
        if new.message("en") != old.message("en"):
            changed.append((new.message("en"), old.message("en")))
        spanish = new.message("es").replace(text.strip(), "")
        if ENGLISH.search(spanish):
            english.append(spanish)
    assert checked > 100
    assert not uncoded, sorted(uncoded)[:10]
    assert not changed, changed[:10]
    assert not english, sorted(set(english))[:10]


#: ``python -m engines play`` on a few illegal moves, as it printed before the codes (byte for byte)
CLI = [
    ("kona", "CPC,4,PCP/6/6/6/6/PCP,4,CPC c 0 -", "a6-a2",
     "illegal: a6-a2 (KO-5.1: in the opening a piece moves 1, 2 or 3 squares, not 4)\n"),
    ("kona", "CPC,4,PCP/6/6/6/6/PCP,4,CPC c 0 -", "a1-a1",
     "illegal: a1-a1 (KO-4.1: the top piece on a1 is a poodle; capybara moves only its own tops)\n"),
    ("kona", "CPC,4,PCP/6/6/6/6/PCP,4,CPC c 0 -", "x1a1",
     "illegal: x1a1 (x1 is not a square of the board: squares run from a1 to f6)\n"),
    ("plateau", "4/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 0", "a1:2-a3",
     "illegal: a1:2-a3 (PL-2.2: the game opens with a two-piece stack on an empty edge square (such as +xx.rb@a1), "
     "not with a move)\n"),
    ("plateau", "4/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 0", "+xx.rb@b2",
     "illegal: +xx.rb@b2 (PL-2.2: the opening stack goes on an empty perimeter square, not b2)\n"),
    ("k3", "1/2/3/4/5/6/7/8/BGBRBYYYK ?BBBRRRKKKYYYGGGGGNNWW|?BBRRRRKKKKKYYYGGGNNWW build - - -", "a6-a2",
     "illegal: a6-a2 (K3-5: pieces are played only once every pyramid is built: build yours first, or wait for "
     "the others)\n"),
    ("krakatoa", "---/---/--- throwoff 1 - 0 set - 0,0 00,00 ?,? 3 advanced", "zz",
     "illegal: zz (KR-10.3: that is not a Krakatoa move; the moves are steam, ash, lava, throw, keep, rethrow, aim "
     "(aim a2 hard) and auto)\n"),
]


@pytest.mark.parametrize(("game", "position", "move", "expected"), CLI)
def test_the_command_line_says_refusals_as_before(game: str, position: str, move: str, expected: str) -> None:
    run = subprocess.run([sys.executable, "-m", "engines", "play", game, position, move], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.stdout + run.stderr == expected
    assert run.returncode == 1


def test_a_plateau_opening_refusal_gives_an_example_legal_at_the_opening() -> None:
    # PL-2.2, PL-10.4: at the opening, "that is not a Plateau move (for example +xr@c2 ..., a1:2-a3 ...)" gave two
    # moves illegal then
    import re

    from engines import MoveError, get_engine

    plateau = get_engine("plateau")
    state = plateau.new_game(2, 1)
    with pytest.raises(MoveError) as opening:
        plateau.parse_move(state, "open a1")
    example = re.search(r"\+[a-z]{2}\.[a-z]{2}@[a-d][1-4]", str(opening.value))
    assert opening.value.code == "notation_opening" and example is not None
    plateau.apply(state, plateau.parse_move(state, example.group()))  # legal where it is given
    detail = reason("plateau", opening.value)  # as players read it: the same example in each language
    assert isinstance(detail, Phrase)
    for lang in ("en", "es"):
        assert example.group() in t(detail.key, lang, **detail.params)
