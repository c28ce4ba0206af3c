"""Make the README's example images: one board per game, through ``python -m render``.

    python docs/make_examples.py

Each image is drawn from a position of the rules documents' worked examples, as the spectator (or a
player, for Plateau's private view) would see it, and written to ``docs/<name>.png``; Plateau's
finished game shows the result banner (``docs/plateau-final.png``), Krakatoa's basic preset its
sheet without the advanced rows (``docs/krakatoa-basic.png``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

EXAMPLES = [
    # (file, game, position, viewer, names)
    ("kona", "kona", "P,4,PCP/6/3,C,2/2,PC,3/1,C,4/CP,4,PC p 21 d4", "spectator", "Ana,Ben"),
    ("plateau-public", "plateau",
     "4/BXx.WXx.BXx.BRr,3/WXx,3/WXx.WRr,3 W turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.rx.bx.rr.2bb.xx - - 15",
     "spectator", "Ana,Ben"),
    ("plateau-private", "plateau",
     "4/BXx.WXx.BXx.BRr,3/WXx,3/WXx.WRr,3 W turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.rx.bx.rr.2bb.xx - - 15",
     "1", "Ana,Ben"),
    ("k3", "k3",
     "1/2/3/4/5/6/7/B1YN4/RBBYGKRRG 1/2/3/K1YN/GRKBY/BRKYGB+R|1/2/3/RYGB/KKBNY/GYRBKG play 0 - -",
     "spectator", "Ana,Ben"),
    ("krakatoa", "krakatoa", "YYB/YYY/RBB play 1 3 1 aim:s 1 0,44 10,10 - 3 advanced", "spectator", "Ana,Ben"),
    ("krakatoa-basic", "krakatoa", "YYB/YRR/RRR play 3 1 0 throw 0 160,40 00,00 - 0 basic", "spectator", "Ana,Ben"),
    ("plateau-final", "plateau",
     "WXx,BXR,WBb,1/BRb.BBb,WXx,1,WXx/BXx,3/BXx.BBb,WRr.WBb.WXb.WRr.WXx.WXr,WOx,1 B turn 2rr.2xx - rb ox.bx 28",
     "spectator", "Ana,Ben"),
]


def boards() -> None:
    """The README's boards (issue 16's "after"; ``docs/before/`` keeps the pictures of the old layout,
    drawn once by the renderer before it, for comparison)."""
    for file, game, position, viewer, names in EXAMPLES:
        out = DOCS / f"{file}.png"
        cmd = [sys.executable, "-m", "render", game, position, "--viewer", viewer, "--out", str(out), "--names", names]
        subprocess.run(cmd, check=True, cwd=ROOT)


def main() -> int:
    boards()
    return 0


# ---- pictures of the players' rules (docs/rules/, issue 14) ----------------------------------------------

RULE_PICTURES = [
    # (file under docs/rules/img, game, position, viewer, names)
    ("kona-start", "kona", "CPC,4,PCP/6/6/6/6/PCP,4,CPC c 0 -", "spectator", "Ana,Ben"),
    ("kona-opening", "kona", "CP,4,PCP/6/6/3,C,2/6/PCP,4,CPC p 1 d3", "spectator", "Ana,Ben"),
    ("plateau-opening", "plateau",
     "3,Wxo.WXx/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx rb.rx.bx.2rr.2bb.3xx - - 2", "0", "Ana,Ben"),
    ("k3-play", "k3",
     "1/2/3/4/5/6/7/8/RBBYGKRRG N/YR/WKB/GYBY/KRGNK/GYWBRB|R/KG/BYN/WRYK/GBKNY/BGKRYW play 0 - -",
     "spectator", "Ana,Ben"),
    ("krakatoa-throw", "krakatoa", "RRB/YRB/RBB play 1 1 1 keep 1 0,0 10,20 - 3 advanced", "spectator", "Ana,Ben"),
]


#: the README's boards the players' rules show too: the English rules show them as they are (``docs/<name>.png``),
#: the Spanish rules their Spanish drawing (``docs/rules/img/es/<name>.png``)
EXAMPLES_IN_RULES = ("kona", "plateau-public", "k3", "krakatoa")


def rule_pictures() -> int:
    """The pictures the players' rules show, through ``python -m render``: ``docs/rules/img/<name>.png`` for the
    English rules, ``docs/rules/img/es/<name>.png`` (the words drawn in Spanish) for the Spanish ones."""
    for lang, folder in (("en", DOCS / "rules" / "img"), ("es", DOCS / "rules" / "img" / "es")):
        folder.mkdir(parents=True, exist_ok=True)
        shown = [e for e in EXAMPLES if e[0] in EXAMPLES_IN_RULES] if lang == "es" else []
        for file, game, position, viewer, names in [*RULE_PICTURES, *shown]:
            cmd = [sys.executable, "-m", "render", game, position, "--viewer", viewer,
                   "--out", str(folder / f"{file}.png"), "--names", names, "--lang", lang]
            subprocess.run(cmd, check=True, cwd=ROOT)
    return 0


if __name__ == "__main__":
    sys.exit(main() or rule_pictures())
