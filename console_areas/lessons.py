"""The console's lessons (issue 30, ``tables.learn``): ``/learn`` and its steps, privately, in English or Spanish,
and ``/moves`` at the open lesson."""

from __future__ import annotations

from console_areas.common import Terminal
from tables import TableError
from tables.learn import ANSWER_WORDS, HINT_WORDS, LessonPost

#: the console's own words about lessons and move lists, in the languages the lessons are read in
LESSON_WORDS = {
    "en": {"picture": "Picture {n}", "where": "{course} — step {step} of {steps}:",
           "typed": "{where} too many possible answers to list: type yours with /move MOVE (/learn {game} hint "
                    "shows how it is written)",
           "legal": "legal moves ({n})", "page": "page {page} of {pages}", "more": "; /moves {next} for the next page",
           "matching": "legal moves matching '{text}' ({n})", "first": ", the first {n}",
           "none": "{where} no legal move matches '{text}': /moves lists them all"},
    "es": {"picture": "Imagen {n}", "where": "{course} — paso {step} de {steps}:",
           "typed": "{where} hay demasiadas respuestas posibles para listarlas: escribe la tuya con /move JUGADA "
                    "(/aprender {game} pista muestra cómo se escribe)",
           "legal": "jugadas legales ({n})", "page": "página {page} de {pages}",
           "more": "; /moves {next} para la página siguiente",
           "matching": "jugadas legales que coinciden con '{text}' ({n})", "first": ", las {n} primeras",
           "none": "{where} ninguna jugada legal coincide con '{text}': /moves las lista todas"},
}


#: ``/move``, ``/moves`` or ``/hint`` with no table and no lesson open, to someone who has opened lessons (in the
#: language they read them in): where to go on
NO_TABLE_OR_LESSON = {
    "en": "You have no table here and no lesson open: start a game with /play GAME @NAME, or a lesson with "
          "/learn GAME (/learn lists the courses).",
    "es": "No tienes ninguna mesa aquí ni ninguna lección abierta: empieza una partida con /play JUEGO @NOMBRE, o "
          "una lección con /aprender JUEGO (/aprender lista los cursos).",
}


#: a game's command (``/takeback``, ``/resign``, ``/board``...) with no table, to someone with a lesson open: not
#: "no lesson open", but that the command is a game's and how the lesson goes on
LESSON_NOT_A_TABLE = {
    "en": "You have no table here for {command}. Your lesson goes on with /move MOVE (/learn {game} shows the step "
          "again; /learn {game} N goes to step N).",
    "es": "No tienes ninguna mesa aquí para {command}. Tu lección sigue con /move JUGADA (/aprender {game} muestra "
          "otra vez el paso; /aprender {game} N va al paso N).",
}


class Lessons:
    """``/learn`` for every user of the console, and the language each learner reads the lessons in."""

    def __init__(self, console: Terminal) -> None:
        self.console = console
        self.langs: dict[int, str] = {}  # the language each learner reads the lessons in (/learn GAME es)

    def lang(self, uid: int) -> str:
        """The language ``uid`` reads the lessons in (the console's until they say otherwise)."""
        return self.langs.get(uid, self.console.lang)

    async def learn(self, name: str, uid: int, rest: str) -> None:
        """``/learn`` lists the courses; ``/learn GAME [restart|N]`` opens one; ``/learn GAME answer MOVE``
        answers the step, ``/learn GAME hint`` gives its hint (issue 30, lessons: private, no table)."""
        lessons = self.console.service.lessons
        words = rest.split()
        if words and words[-1].lower() in ("en", "es"):  # the lessons' words in English or Spanish from now on
            self.langs[uid] = words.pop().lower()
            rest = " ".join(words)
        self.langs.setdefault(uid, self.console.lang)  # a learner now: a /move with nothing open points to lessons
        game, _, more = rest.partition(" ")
        word, _, move = more.strip().partition(" ")
        if not game:
            post = await lessons.list(uid)
        elif word.lower() in ANSWER_WORDS:
            if not move.strip():
                raise TableError("learn.answer_missing", game=lessons.course(game).game)  # an unknown game: said so
            post = await lessons.answer(uid, game, move, lang=self.lang(uid))
        elif word.lower() in HINT_WORDS and not move.strip():
            post = await lessons.hint(uid, game)
        else:
            post = await lessons.open(uid, game, more, lang=self.lang(uid))
        self.post(name, post)

    def post(self, name: str, post: LessonPost) -> None:
        """A lesson's answer, privately: its text and the step's pictures, the learner's first, then (hidden
        information) what each other seat sees, each written and named (the text says whose is which)."""
        stem = f"learn-{post.game}-{name.lower()}" if post.game else ""
        lang = self.lang(post.user_id)
        saved = self.console.save_image(post.image, stem)
        # without pictures (--no-images) and without their words, the text names no picture ("Picture 1: …")
        words = {} if saved or self.console.describe else {"pictures": ""}
        if not post.others:  # one picture: its file ends the text, as a board's does
            self.console.lines(f"[dm {name}]", post.text(lang, **words), saved, lang)
        else:  # several: each file beside its number, as the text names them ("Picture 1: what you see.")
            self.console.lines(f"[dm {name}]", post.text(lang, **words), lang=lang)
            if saved or self.console.describe:  # a label never alone: with its file or its words
                self.console.write(f"[dm {name}] {LESSON_WORDS[lang]['picture'].format(n=1)}{saved}")
        self.console.described(f"[dm {name}]", post.alt, lang)
        for n, other in enumerate(post.others, start=2):
            saved = self.console.save_image(other.image, f"{stem}-player{other.seat + 1}")
            if saved or self.console.describe:  # a picture's label, never alone: with its file or its words
                self.console.write(f"[dm {name}] {LESSON_WORDS[lang]['picture'].format(n=n)}{saved}")  # whose: the text
            self.console.described(f"[dm {name}]", other.alt, lang)

    async def moves(self, name: str, uid: int, game: str, page_text: str) -> None:
        """``/moves`` with a lesson open: the step's legal moves, as ``/moves`` lists a table's."""
        lessons = self.console.service.lessons
        moves = await lessons.moves(uid, game)
        course = lessons.course(game)
        lang = self.lang(uid)
        words = LESSON_WORDS[lang]
        where = words["where"].format(course=course.title[lang], step=await lessons.at(uid, game),
                                      steps=len(course.steps))
        if not moves:  # too many to list (K3's builds, K3-3): the answer is typed
            self.console.lines(f"[dm {name}]", words["typed"].format(where=where, game=game), lang=lang)
            return
        self.console.list_moves(name, where, list(moves), page_text, lang)
