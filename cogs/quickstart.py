"""``/rules``: a short quick-start per game (English and Spanish), drawn from the rules documents.

The full documents are the specifications in ``docs/spec/<game>.md``, offered as a file.  Each text
fits a Discord embed description (4096 characters) by a wide margin.
"""

from __future__ import annotations

from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "spec"

QUICKSTART: dict[str, dict[str, str]] = {
    "kona": {
        "en": (
            "**2 players · capybara (C) moves first, then poodle (P).** A 6×6 board; each side has 6 pieces, "
            "starting as four 3-high towers in the corners.\n"
            "**Your move:** pick a stack whose *top* piece is yours and move only that top piece in a straight "
            "line (8 directions) **exactly** as many squares as the stack is tall (1, 2 or 3). You may not pass "
            "over any piece, and may land on 0, 1 or 2 pieces (never on 3). On the first two plies any piece may "
            "go 1, 2 or 3 squares.\n"
            "**Win:** three tops of your animal in a row (row, column or diagonal). Uncover the opponent's line "
            "and they win; make lines for both and you lose. A player who cannot move loses.\n"
            "**Moves:** `a6-d3` (from-to). Use the *Choose a move* button or `/move`."
        ),
        "es": (
            "**2 jugadores · empieza el capibara (C), luego el caniche (P).** Tablero 6×6; cada bando tiene 6 "
            "piezas, que empiezan como cuatro torres de 3 en las esquinas.\n"
            "**Tu jugada:** elige una pila cuya pieza *superior* sea tuya y mueve solo esa pieza en línea recta "
            "(8 direcciones) **exactamente** tantas casillas como altura tiene la pila (1, 2 o 3). No se puede "
            "saltar ninguna pieza, y se puede caer sobre 0, 1 o 2 piezas (nunca sobre 3). En las dos primeras "
            "jugadas cualquier pieza puede ir 1, 2 o 3 casillas.\n"
            "**Victoria:** tres cimas de tu animal en línea (fila, columna o diagonal). Si destapas la línea del "
            "rival, gana él; si haces líneas para los dos, pierdes. Quien no puede mover pierde.\n"
            "**Jugadas:** `a6-d3` (origen-destino). Usa el botón *Elegir jugada* o `/mover`."
        ),
    },
    "plateau": {
        "en": (
            "**2 players · Black moves first.** A 4×4 board; each player has 12 two-faced disks (red, blue, "
            "orange or blank faces) and sees both faces of their own, but only the *public* faces of the "
            "opponent's.\n"
            "**Opening:** place a 2-piece stack of your choice on an empty edge square.\n"
            "**A turn:** *onboard* a reserve piece (next to one of your pieces), *move* your top unit (red up: "
            "straight; blue up: diagonal; blank: either; orange: a knight's jump), up to as many squares as the "
            "unit has pieces, dropping or picking up pieces on the way, or *stomp* in place. Landing with a "
            "marker on top captures as many enemy pieces below as your unit has. You may also trade prisoners.\n"
            "**Win:** 6 prisoners, or 6 of your pieces in a row inside one stack.\n"
            "**Secrets:** press *My pieces* to see your hidden faces; the bot also sends them by DM."
        ),
        "es": (
            "**2 jugadores · empiezan las negras.** Tablero 4×4; cada jugador tiene 12 discos de dos caras (roja, "
            "azul, naranja o en blanco); ves las dos caras de los tuyos, pero solo las caras *públicas* de los "
            "del rival.\n"
            "**Apertura:** coloca una pila de 2 piezas a tu elección en una casilla vacía del borde.\n"
            "**Un turno:** *entrar* una pieza de la reserva (junto a una tuya), *mover* tu unidad superior (roja: "
            "recto; azul: diagonal; blanca: ambas; naranja: salto de caballo), hasta tantas casillas como piezas "
            "tiene la unidad, dejando o recogiendo piezas por el camino, o *pisar* sin moverte. Caer con una cara "
            "de color arriba captura tantas piezas enemigas de debajo como piezas tiene tu unidad. También puedes "
            "canjear prisioneros.\n"
            "**Victoria:** 6 prisioneros, o 6 piezas tuyas seguidas dentro de una pila.\n"
            "**Secretos:** pulsa *Mis piezas* para ver tus caras ocultas; el bot también te las manda por MD."
        ),
    },
    "k3": {
        "en": (
            "**2-4 players.** A base row of 9 coloured pieces starts the shared *mountain*; each player receives "
            "coloured pieces, naturals (N) and whites (W).\n"
            "**Build:** everyone secretly stacks their pieces into a pyramid (*Auto-build* proposes one; "
            "*Shuffle* tries another; *Confirm* locks it). The first to finish plays first.\n"
            "**A turn:** take an *accessible* piece (nothing resting on it) and put it on an open slot of the "
            "mountain whose two supports include its colour (a natural goes anywhere), or play a white to pass.\n"
            "**Penalty:** placing on two equal supports lets the previous player take one of your accessible "
            "pieces.\n"
            "**End:** a player who cannot act is out; the last player in wins.\n"
            "**Moves:** `Ka3-c3` (piece, spot, slot), `Ws` (pass). Use *Choose a move* or `/move`."
        ),
        "es": (
            "**2-4 jugadores.** Una fila base de 9 piezas de colores inicia la *montaña* común; cada jugador "
            "recibe piezas de colores, naturales (N) y blancas (W).\n"
            "**Construcción:** cada uno apila en secreto sus piezas en una pirámide (*Montar solo* propone una; "
            "*Barajar* prueba otra; *Confirmar* la fija). Quien termina primero juega primero.\n"
            "**Un turno:** toma una pieza *accesible* (sin nada encima) y ponla en un hueco abierto de la montaña "
            "cuyos dos apoyos incluyan su color (una natural va en cualquiera), o juega una blanca para pasar.\n"
            "**Penalización:** colocar sobre dos apoyos iguales permite al jugador anterior quitarte una pieza "
            "accesible.\n"
            "**Final:** quien no puede jugar queda fuera; gana el último que queda.\n"
            "**Jugadas:** `Ka3-c3` (pieza, posición, hueco), `Ws` (pasar). Usa *Elegir jugada* o `/mover`."
        ),
    },
    "krakatoa": {
        "en": (
            "**2-4 players (or two teams of two).** Nine twelve-sided dice in three sets (Steam, Ash, Lava) show "
            "yellow, red or blue.\n"
            "**Scoring:** each set scores by its colours: YYY 10, RRR 5, BBB 3 (*Volcanoes*), YYB 2, YYR 2, "
            "YRR 1, anything else 0.\n"
            "**A turn (six rounds):** 1) *Throw* all nine dice, then *Keep* or *Rethrow* once; 2) throw one set "
            "of your choice; 3-5) throw Steam, Ash, Lava. From throw 2 on you aim: pick a *target* die on the "
            "table and a force (*soft* is precise, *hard* seldom misses). Hitting nothing is a scratch: 0 points.\n"
            "**Bonuses:** quakes, rumbles and eruptions mark later throws ×2 or ×4.\n"
            "**Win:** the highest total after six rounds. *Auto* plays the choice worth the most points."
        ),
        "es": (
            "**2-4 jugadores (o dos equipos de dos).** Nueve dados de doce caras en tres juegos (Vapor, Ceniza, "
            "Lava) muestran amarillo, rojo o azul.\n"
            "**Puntos:** cada juego puntúa por sus colores: YYY 10, RRR 5, BBB 3 (*volcanes*), YYB 2, YYR 2, "
            "YRR 1, cualquier otro 0.\n"
            "**Un turno (seis rondas):** 1) *Lanzar* los nueve dados y luego *Quedarme* o *Relanzar* una vez; "
            "2) lanzar un juego a tu elección; 3-5) lanzar Vapor, Ceniza y Lava. Desde el lanzamiento 2 apuntas: "
            "elige un dado *objetivo* de la mesa y una fuerza (*suave* es precisa, *fuerte* casi nunca falla). "
            "No tocar nada es un fallo: 0 puntos.\n"
            "**Bonificaciones:** terremotos, temblores y erupciones marcan lanzamientos futuros ×2 o ×4.\n"
            "**Victoria:** el mayor total tras seis rondas. *Auto* juega la opción que más puntos vale."
        ),
    },
}


def quickstart(game: str, lang: str) -> str:
    texts = QUICKSTART[game]
    return texts.get(lang) or texts["en"]


def full_rules(game: str, folder: Path = RULES_DIR) -> bytes | None:
    """The full rules document, or None when it is not shipped with this deployment."""
    path = folder / f"{game}.md"
    try:
        return path.read_bytes()
    except OSError:
        return None
