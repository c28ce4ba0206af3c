"""A bare HTTP client for the stand-in's own tests: send exactly what a test says, read exactly what came back.

discord.py validates nothing on its side for most limits, but it shapes requests (and retries
429s); the stand-in's tests need raw requests to see each rule answer for itself.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import aiohttp

from discord_standin import StandIn, payloads


@dataclass
class Answer:
    status: int
    body: Any
    headers: dict[str, str]

    @property
    def code(self) -> int | None:
        return self.body.get("code") if isinstance(self.body, dict) else None

    def error_at(self, *path: str | int) -> str | None:
        """The first ``_errors`` code at ``path`` of a 50035 answer (``"content"``, ``"embeds", 0, "title"``)."""
        node = (self.body or {}).get("errors") or {}
        for key in path:
            node = node.get(str(key)) or {}
        errors = node.get("_errors") or []
        return errors[0]["code"] if errors else None


class Probe:
    """``async with Probe(standin) as p: await p.call("POST", "/channels/1/messages", {"content": "x"})``."""

    def __init__(self, standin: StandIn) -> None:
        self.standin = standin
        self.session: aiohttp.ClientSession | None = None

    async def __aenter__(self) -> Probe:
        self.session = aiohttp.ClientSession()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        assert self.session is not None
        await self.session.close()

    async def call(self, method: str, path: str, body: Any = None,
                   files: list[tuple[str, bytes]] | None = None) -> Answer:
        assert self.session is not None
        url = self.standin.base + path
        headers = {"Authorization": "Bot standin.bot.token"}
        if files:
            form = aiohttp.FormData(quote_fields=False)
            form.add_field("payload_json", json.dumps(body or {}), content_type="application/json")
            for i, (name, data) in enumerate(files):
                form.add_field(f"files[{i}]", data, filename=name, content_type="application/octet-stream")
            request = self.session.request(method, url, data=form, headers=headers)
        elif body is not None:
            request = self.session.request(method, url, json=body, headers=headers)
        else:
            request = self.session.request(method, url, headers=headers)
        async with request as response:
            text = await response.text()
            return Answer(response.status, json.loads(text) if text else None, dict(response.headers))

    def interaction(self, kind: str = "command", *, channel: dict[str, Any] | None = None,
                    message: dict[str, Any] | None = None, custom_id: str = "",
                    values: list[str] | None = None) -> dict[str, Any]:
        """Issue an interaction (``command``, ``autocomplete``, ``component``: ``values`` chosen in a select, or
        ``modal_submit``: the modal ``custom_id`` sent) and return its payload."""
        u = payloads.user(1001, "ann")
        if kind == "modal_submit":
            payload = payloads.modal_submit(custom_id or "modal", u, {"answer": "yes"}, channel)
        elif kind == "component":
            assert message is not None
            payload = payloads.component(custom_id, u, message, channel, values=values)
        else:
            payload = payloads.command("ping", [], u, channel, autocomplete=kind == "autocomplete")
        return self.standin.issue(payload)

    async def callback(self, payload: dict[str, Any], body: dict[str, Any],
                       files: list[tuple[str, bytes]] | None = None) -> Answer:
        return await self.call("POST", f"/interactions/{payload['id']}/{payload['token']}/callback", body, files)

    async def webhook(self, method: str, payload: dict[str, Any], tail: str = "", body: Any = None) -> Answer:
        return await self.call(method, f"/webhooks/{payload['application_id']}/{payload['token']}{tail}", body)
