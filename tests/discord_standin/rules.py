"""Discord's documented payload limits, checked the way Discord checks them.

Each ``check_*`` function takes a request body (as discord.py sends it) and returns ``None`` when
Discord would accept it, or ``(status, error body)`` as Discord answers: 400 with
``{"code": 50035, "message": "Invalid Form Body", "errors": {...}}``, where ``errors`` nests the
path of the bad field (``embeds.0.fields.3.value``) down to an ``_errors`` list of
``{"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 1024 or fewer in length."}``; or Discord's
own codes where it has one (50006 empty message, 40005 request entity too large).

The limits are Discord's (developer documentation: message resource, embed limits, allowed
mentions, message components, autocomplete, threads, uploads); they are named here so a test can cite them.
"""

from __future__ import annotations

from typing import Any

CONTENT = 2000
EMBEDS = 10
EMBED_TITLE, EMBED_DESCRIPTION, EMBED_FIELDS = 256, 4096, 25
FIELD_NAME, FIELD_VALUE, FOOTER_TEXT, AUTHOR_NAME = 256, 1024, 2048, 256
EMBED_TOTAL = 6000
ACTION_ROWS, ROW_BUTTONS = 5, 5
SELECT_OPTIONS, OPTION_TEXT, PLACEHOLDER = 25, 100, 150
BUTTON_LABEL, CUSTOM_ID = 80, 100
#: a link button's ``url`` (Button Structure: "max 512 characters")
BUTTON_URL = 512
#: a select's ``min_values`` (0-25) and ``max_values`` (1-25), both 1 by default (Select Menu Structure)
MIN_VALUES, MAX_VALUES, DEFAULT_VALUES = (0, 25), (1, 25), 1
CHOICES, CHOICE_TEXT = 25, 100
FILES, FILE_BYTES = 10, 10 * 1024 * 1024
#: characters of an attachment's description, its alt text (Discord's API: 1024)
ATTACHMENT_DESCRIPTION = 1024
THREAD_NAME = 100
#: a modal (interaction response, "Modal"): custom_id max 100, title max 45, 1-5 components
MODAL_TITLE, MODAL_COMPONENTS = 45, 5
#: a text input (Text Input Structure): label max 45, placeholder max 100, value max 4000,
#: min_length 0-4000, max_length 1-4000, style 1 (short) or 2 (paragraph)
INPUT_LABEL, INPUT_PLACEHOLDER, INPUT_LENGTH, INPUT_STYLES = 45, 100, 4000, (1, 2)
#: a label (Label Structure, the layout that wraps a modal's component): label max 45, description max 100
LABEL_TEXT, LABEL_DESCRIPTION = 45, 100

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, TEXT_DISPLAY, LABEL = 1, 2, 3, 4, 10, 18
SELECTS = {3, 5, 6, 7, 8}
LINK_STYLE, PREMIUM_STYLE = 5, 6

INVALID_FORM_BODY = 50035
EMPTY_MESSAGE = 50006
TOO_LARGE = 40005

Problem = tuple[int, dict[str, Any]]


class FormErrors:
    """Collects field errors into Discord's nested ``errors`` object."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: list[str | int], code: str, message: str) -> None:
        node = self.tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def too_long(self, path: list[str | int], value: Any, limit: int) -> None:
        if value is not None and len(str(value)) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def between(self, path: list[str | int], value: Any, low: int, high: int) -> None:
        if value is None or not low <= len(value) <= high:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def required(self, path: list[str | int], value: Any) -> bool:
        """A required field, absent or empty: Discord's ``BASE_TYPE_REQUIRED``; True when it is there."""
        if value is None or value == "":
            self.add(path, "BASE_TYPE_REQUIRED", "This field is required")
            return False
        return True

    def number(self, path: list[str | int], value: Any, low: int, high: int) -> None:
        """An integer field within ``low``..``high`` (``NUMBER_TYPE_MIN`` / ``NUMBER_TYPE_MAX``)."""
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(path, "NUMBER_TYPE_COERCE", f"Value \"{value}\" is not int.")
        elif value < low:
            self.add(path, "NUMBER_TYPE_MIN", f"Int value should be greater than or equal to {low}.")
        elif value > high:
            self.add(path, "NUMBER_TYPE_MAX", f"Int value should be less than or equal to {high}.")

    def problem(self) -> Problem | None:
        if not self.tree:
            return None
        return 400, {"code": INVALID_FORM_BODY, "message": "Invalid Form Body", "errors": self.tree}


def check_message(body: Any, files: list[tuple[str, bytes]], *, create: bool,
                  existing: dict[str, Any] | None = None) -> Problem | None:
    """A message create or edit (channel message, webhook/follow-up, interaction response data); for an edit,
    ``existing`` is the message as it stands (left out: one with nothing the edit does not give it), so an edit
    that would leave it empty is refused as a post is."""
    body = body if isinstance(body, dict) else {}
    too_big = next((name for name, data in files if len(data) > FILE_BYTES), None)
    if too_big is not None:  # Discord rejects the upload before reading the form
        return 413, {"code": TOO_LARGE, "message": "Request entity too large"}
    errors = FormErrors()
    errors.too_long(["content"], body.get("content"), CONTENT)
    embeds = body.get("embeds") or []
    if len(embeds) > EMBEDS:
        errors.add(["embeds"], "BASE_TYPE_MAX_LENGTH", f"Must be {EMBEDS} or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        total += _check_embed(errors, ["embeds", i], embed)
    if total > EMBED_TOTAL:
        errors.add(["embeds"], "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBED_TOTAL}")
    _check_components(errors, body.get("components"))
    _check_allowed_mentions(errors, body.get("allowed_mentions"))
    attachments = body.get("attachments")
    if len(files) > FILES or (isinstance(attachments, list) and len(attachments) > FILES):
        errors.add(["attachments"], "BASE_TYPE_MAX_LENGTH", f"Must be {FILES} or fewer in length.")
    for i, attachment in enumerate(attachments if isinstance(attachments, list) else []):
        if isinstance(attachment, dict):
            errors.too_long(["attachments", i, "description"], attachment.get("description"), ATTACHMENT_DESCRIPTION)
    problem = errors.problem()
    if problem is not None:
        return problem
    if create and not (body.get("content") or embeds or files or body.get("components")
                       or body.get("sticker_ids") or body.get("poll")):
        return 400, {"code": EMPTY_MESSAGE, "message": "Cannot send an empty message"}
    if not create and _left_empty(body, files, existing or {}):
        return 400, {"code": EMPTY_MESSAGE, "message": "Cannot send an empty message"}
    return None


def _left_empty(body: dict[str, Any], files: list[tuple[str, bytes]], existing: dict[str, Any]) -> bool:
    """Whether an edit leaves ``existing`` with nothing to show (Discord: 50006 "Cannot send an empty message",
    for an edit as for a post).  Edit Message: a field given replaces the message's, a field left out keeps it;
    ``attachments`` given lists the attachments kept, and uploaded files are added to them."""

    def after(key: str) -> Any:
        return body[key] if key in body else existing.get(key)

    attachments = after("attachments")
    return not (after("content") or after("embeds") or after("components") or files
                or (attachments if isinstance(attachments, list) else None)
                or existing.get("sticker_items") or existing.get("poll"))


def _check_embed(errors: FormErrors, path: list[str | int], embed: dict[str, Any]) -> int:
    """Field limits of one embed; returns its size towards the 6,000-character total."""
    title, description = embed.get("title"), embed.get("description")
    errors.too_long([*path, "title"], title, EMBED_TITLE)
    errors.too_long([*path, "description"], description, EMBED_DESCRIPTION)
    fields = embed.get("fields") or []
    if len(fields) > EMBED_FIELDS:
        errors.add([*path, "fields"], "BASE_TYPE_MAX_LENGTH", f"Must be {EMBED_FIELDS} or fewer in length.")
    size = len(title or "") + len(description or "")
    for j, f in enumerate(fields):
        # Embed Field Structure: name and value are required (1-256 and 1-1024 characters)
        if errors.required([*path, "fields", j, "name"], f.get("name")):
            errors.too_long([*path, "fields", j, "name"], f.get("name"), FIELD_NAME)
        if errors.required([*path, "fields", j, "value"], f.get("value")):
            errors.too_long([*path, "fields", j, "value"], f.get("value"), FIELD_VALUE)
        size += len(str(f.get("name") or "")) + len(str(f.get("value") or ""))
    footer = (embed.get("footer") or {}).get("text")
    author = (embed.get("author") or {}).get("name")
    errors.too_long([*path, "footer", "text"], footer, FOOTER_TEXT)
    errors.too_long([*path, "author", "name"], author, AUTHOR_NAME)
    return size + len(footer or "") + len(author or "")


#: allowed mentions (message resource, "Allowed Mentions Object"): what ``parse`` may name, and how many
#: ids ``users`` and ``roles`` may list
MENTION_TYPES = ("roles", "users", "everyone")
MENTION_IDS = 100


def _check_allowed_mentions(errors: FormErrors, allowed: Any) -> None:
    """``parse`` holds only the three types; ``users``/``roles`` at most 100 ids each, and never beside
    the same type in ``parse`` (Discord: "mutually exclusive")."""
    if allowed is None:
        return
    parse = allowed.get("parse") or []
    for i, kind in enumerate(parse):
        if kind not in MENTION_TYPES:
            errors.add(["allowed_mentions", "parse", i], "BASE_TYPE_CHOICES",
                       f"Value must be one of {MENTION_TYPES}.")
    for kind in ("users", "roles"):
        ids = allowed.get(kind)
        if ids is None:
            continue
        if len(ids) > MENTION_IDS:
            errors.add(["allowed_mentions", kind], "BASE_TYPE_MAX_LENGTH", f"Must be {MENTION_IDS} or fewer in length.")
        if ids and kind in parse:
            errors.add(["allowed_mentions"], "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                       f"parse:[\"{kind}\"] and {kind}: [ids...] are mutually exclusive.")
        for j, value in enumerate(ids):
            if not str(value).isdigit():
                errors.add(["allowed_mentions", kind, j], "NUMBER_TYPE_COERCE", f"Value \"{value}\" is not snowflake.")


def _check_components(errors: FormErrors, rows: Any) -> None:
    if rows is None:
        return
    if len(rows) > ACTION_ROWS:
        errors.add(["components"], "BASE_TYPE_MAX_LENGTH", f"Must be {ACTION_ROWS} or fewer in length.")
    seen: set[str] = set()
    for i, row in enumerate(rows):
        path: list[str | int] = ["components", i]
        if int(row.get("type", 0)) != ACTION_ROW:
            errors.add([*path, "type"], "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (1,).")
            continue
        items = row.get("components") or []
        errors.between([*path, "components"], items, 1, ROW_BUTTONS)
        if any(int(c.get("type", 0)) in SELECTS for c in items) and len(items) > 1:
            errors.add([*path, "components"], "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                       "The specified component exceeds the maximum width")
        for j, item in enumerate(items):
            _check_item(errors, [*path, "components", j], item, seen)


def _check_item(errors: FormErrors, path: list[str | int], item: dict[str, Any], seen: set[str]) -> None:
    kind = int(item.get("type", 0))
    custom_id = item.get("custom_id")
    style = int(item.get("style", 0)) if kind == BUTTON else 0
    link = style in (LINK_STYLE, PREMIUM_STYLE)
    if not link:
        if custom_id is None or not 1 <= len(str(custom_id)) <= CUSTOM_ID:
            errors.add([*path, "custom_id"], "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {CUSTOM_ID} in length.")
        elif custom_id in seen:
            errors.add([*path, "custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED",
                       "Component custom id cannot be duplicated")
        else:
            seen.add(str(custom_id))
    if kind == BUTTON:
        errors.too_long([*path, "label"], item.get("label"), BUTTON_LABEL)
        _check_button_target(errors, path, item, style)
    elif kind in SELECTS:
        errors.too_long([*path, "placeholder"], item.get("placeholder"), PLACEHOLDER)
        options = item.get("options") or []
        if kind == STRING_SELECT:
            errors.between([*path, "options"], options, 1, SELECT_OPTIONS)
            values: set[str] = set()
            for k, o in enumerate(options):
                # Select Option Structure: label and value required, 1-100 characters; description max 100
                for key in ("label", "value"):
                    if errors.required([*path, "options", k, key], o.get(key)):
                        errors.too_long([*path, "options", k, key], o.get(key), OPTION_TEXT)
                errors.too_long([*path, "options", k, "description"], o.get("description"), OPTION_TEXT)
                # two options of one value: Discord tells them apart by value, and refuses the select
                if o.get("value") in values:
                    errors.add([*path, "options", k, "value"], "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                               "Component option value cannot be duplicated")
                values.add(str(o.get("value")))
        _check_values_range(errors, path, item, len(options) if kind == STRING_SELECT else None)


def _check_button_target(errors: FormErrors, path: list[str | int], item: dict[str, Any], style: int) -> None:
    """Button Structure: a link button (style 5) has a ``url`` (max 512 characters) and no ``custom_id``; a
    non-link, non-premium button has a ``custom_id`` (checked with the others) and no ``url``."""
    url = item.get("url")
    if style == LINK_STYLE:
        if errors.required([*path, "url"], url):
            errors.too_long([*path, "url"], url, BUTTON_URL)
        if item.get("custom_id") is not None:
            errors.add([*path, "custom_id"], "BUTTON_COMPONENT_CUSTOM_ID_FORBIDDEN",
                       "A link button cannot have a custom id")
    elif style == PREMIUM_STYLE:
        if url is not None or item.get("custom_id") is not None:
            errors.add([*path], "BUTTON_COMPONENT_INVALID_FIELD", "A premium button has only a sku_id")
    elif url is not None:
        errors.add([*path, "url"], "BUTTON_COMPONENT_URL_FORBIDDEN", "Only a link button can have a url")


def _check_values_range(errors: FormErrors, path: list[str | int], item: dict[str, Any], options: int | None) -> None:
    """Select Menu Structure: ``min_values`` 0-25 and ``max_values`` 1-25 (both 1 when left out),
    ``min_values`` at most ``max_values``; a string select's both at most its number of ``options``."""
    low, high = item.get("min_values"), item.get("max_values")
    errors.number([*path, "min_values"], low, *MIN_VALUES)
    errors.number([*path, "max_values"], high, *MAX_VALUES)
    if any(_bad_count(v, *r) for v, r in ((low, MIN_VALUES), (high, MAX_VALUES))):
        return
    low = DEFAULT_VALUES if low is None else low
    high = DEFAULT_VALUES if high is None else high
    if low > high:
        errors.add([*path, "min_values"], "NUMBER_TYPE_MAX", f"Int value should be less than or equal to {high}.")
    if options:  # too few (or no) options is refused at ``options`` already
        if high > options:
            errors.add([*path, "max_values"], "NUMBER_TYPE_MAX",
                       f"Int value should be less than or equal to {options}.")
        if low > options:
            errors.add([*path, "min_values"], "NUMBER_TYPE_MAX",
                       f"Int value should be less than or equal to {options}.")


def _bad_count(value: Any, low: int, high: int) -> bool:
    return value is not None and (isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high)


def check_modal(data: Any) -> Problem | None:
    """A modal (interaction callback type 9, Discord's "Modal" response): ``custom_id`` (1-100) and ``title``
    (1-45) required, 1-5 components.  Each is an action row holding exactly one text input (the original form), a
    label (type 18: label max 45, description max 100) wrapping one text input or select, or a text display
    (type 10).  Errors are reported under ``data``, as Discord does for a callback."""
    data = data if isinstance(data, dict) else {}
    errors = FormErrors()
    base: list[str | int] = ["data"]
    custom_id, title = data.get("custom_id"), data.get("title")
    if errors.required([*base, "custom_id"], custom_id):
        errors.too_long([*base, "custom_id"], custom_id, CUSTOM_ID)
    if errors.required([*base, "title"], title):
        errors.too_long([*base, "title"], title, MODAL_TITLE)
    rows = data.get("components")
    errors.between([*base, "components"], rows if isinstance(rows, list) else None, 1, MODAL_COMPONENTS)
    seen: set[str] = set()
    for i, row in enumerate(rows if isinstance(rows, list) else []):
        path: list[str | int] = [*base, "components", i]
        kind = int(row.get("type", 0))
        if kind == ACTION_ROW:
            items = row.get("components") or []
            errors.between([*path, "components"], items, 1, 1)
            for j, item in enumerate(items):
                if int(item.get("type", 0)) != TEXT_INPUT:
                    errors.add([*path, "components", j, "type"], "UNION_TYPE_CHOICES",
                               f"Value of field \"type\" must be one of ({TEXT_INPUT},).")
                    continue
                _check_text_input(errors, [*path, "components", j], item, seen, labelled=False)
        elif kind == LABEL:
            if errors.required([*path, "label"], row.get("label")):
                errors.too_long([*path, "label"], row.get("label"), LABEL_TEXT)
            errors.too_long([*path, "description"], row.get("description"), LABEL_DESCRIPTION)
            inner = row.get("component")
            if not isinstance(inner, dict):
                errors.add([*path, "component"], "BASE_TYPE_REQUIRED", "This field is required")
            elif int(inner.get("type", 0)) == TEXT_INPUT:
                _check_text_input(errors, [*path, "component"], inner, seen, labelled=True)
            elif int(inner.get("type", 0)) in SELECTS:
                _check_item(errors, [*path, "component"], inner, seen)
            else:
                errors.add([*path, "component", "type"], "UNION_TYPE_CHOICES",
                           f"Value of field \"type\" must be one of ({TEXT_INPUT}, {', '.join(map(str, SELECTS))}).")
        elif kind == TEXT_DISPLAY:
            errors.required([*path, "content"], row.get("content"))
        else:
            errors.add([*path, "type"], "UNION_TYPE_CHOICES",
                       f"Value of field \"type\" must be one of ({ACTION_ROW}, {TEXT_DISPLAY}, {LABEL}).")
    return errors.problem()


def _check_text_input(errors: FormErrors, path: list[str | int], item: dict[str, Any], seen: set[str], *,
                      labelled: bool) -> None:
    """Text Input Structure: ``custom_id`` 1-100 (unique in the modal), ``style`` 1 or 2, ``label`` max 45 (required
    in an action row; inside a label component the label's own text stands for it), ``min_length`` 0-4000,
    ``max_length`` 1-4000, ``value`` max 4000, ``placeholder`` max 100."""
    custom_id = item.get("custom_id")
    if custom_id is None or not 1 <= len(str(custom_id)) <= CUSTOM_ID:
        errors.add([*path, "custom_id"], "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {CUSTOM_ID} in length.")
    elif custom_id in seen:
        errors.add([*path, "custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
    else:
        seen.add(str(custom_id))
    if item.get("style") not in INPUT_STYLES:
        errors.add([*path, "style"], "BASE_TYPE_CHOICES", f"Value must be one of {INPUT_STYLES}.")
    if labelled or errors.required([*path, "label"], item.get("label")):
        errors.too_long([*path, "label"], item.get("label"), INPUT_LABEL)
    errors.number([*path, "min_length"], item.get("min_length"), 0, INPUT_LENGTH)
    errors.number([*path, "max_length"], item.get("max_length"), 1, INPUT_LENGTH)
    low, high = item.get("min_length"), item.get("max_length")
    if isinstance(low, int) and isinstance(high, int) and 0 <= low <= INPUT_LENGTH and 1 <= high <= INPUT_LENGTH \
            and low > high:  # an input no text could fill
        errors.add([*path, "min_length"], "NUMBER_TYPE_MAX", f"Int value should be less than or equal to {high}.")
    errors.too_long([*path, "value"], item.get("value"), INPUT_LENGTH)
    errors.too_long([*path, "placeholder"], item.get("placeholder"), INPUT_PLACEHOLDER)


def check_choices(data: Any) -> Problem | None:
    """An autocomplete answer (callback type 8): at most 25 choices, names and values of 1-100 characters."""
    choices = (data or {}).get("choices") or []
    errors = FormErrors()
    if len(choices) > CHOICES:
        errors.add(["data", "choices"], "BASE_TYPE_MAX_LENGTH", f"Must be {CHOICES} or fewer in length.")
    for i, c in enumerate(choices):
        errors.between(["data", "choices", i, "name"], str(c.get("name", "")), 1, CHOICE_TEXT)
        if isinstance(c.get("value"), str):
            errors.too_long(["data", "choices", i, "value"], c["value"], CHOICE_TEXT)
    return errors.problem()


def check_thread_name(body: Any) -> Problem | None:
    errors = FormErrors()
    errors.between(["name"], str((body or {}).get("name") or ""), 1, THREAD_NAME)
    return errors.problem()


def error(status: int, code: int, message: str) -> Problem:
    """A plain Discord error answer."""
    return status, {"code": code, "message": message}
