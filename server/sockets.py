"""The Socket.IO half of the protocol (docs/protocol.md): ``join``, ``act`` and ``event``."""

from __future__ import annotations

import json
import threading
from typing import Any

from flask import Flask, request
from flask_socketio import SocketIO, join_room, leave_room

from server.campaigns import CampaignService, seat_room
from server.errors import ActionError

__all__ = ["MAX_PAYLOAD", "register"]

MAX_PAYLOAD = 64 * 1024


def _size(data: Any) -> int:
    try:
        return len(json.dumps(data))
    except (TypeError, ValueError):
        return MAX_PAYLOAD + 1


def register(app: Flask, socketio: SocketIO, service: CampaignService) -> None:
    """Wire the handlers; ``app.extensions['admiralty.revoke']`` cuts a reissued seat off."""
    joined: dict[str, tuple[str, str, str]] = {}  # sid -> (campaign, seat id, token)
    lock = threading.Lock()

    def guarded(handler):
        def run(data: Any = None) -> dict[str, Any]:
            try:
                if _size(data) > MAX_PAYLOAD:
                    raise ActionError("invalid", f"payload over {MAX_PAYLOAD // 1024} KiB")
                return handler(data)
            except ActionError as err:
                return err.to_dict()

        run.__name__ = handler.__name__
        return run

    @guarded
    def on_join(data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise ActionError("invalid", "join takes {campaign, token, since}")
        since = data.get("since", 0) or 0
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise ActionError("invalid", "'since' must be a sequence number (0 or more)")
        campaign_id, token = data.get("campaign"), data.get("token")
        seat = service.authenticate(campaign_id, token)
        with lock:
            previous = joined.get(request.sid)
            if previous:
                leave_room(seat_room(previous[0], previous[1]))
            joined[request.sid] = (campaign_id, seat["id"], token)
        join_room(seat_room(campaign_id, seat["id"]))
        public = {k: seat.get(k) for k in ("id", "role", "name", "squadron", "ship")}
        if since:
            seq, events = service.events_since(campaign_id, seat["id"], since)
            return {"ok": True, "seat": public, "seq": seq, "events": events}
        seq, state = service.snapshot(campaign_id, seat)
        return {"ok": True, "seat": public, "seq": seq, "state": state}

    @guarded
    def on_act(data: Any) -> dict[str, Any]:
        with lock:
            entry = joined.get(request.sid)
        if entry is None:
            raise ActionError("forbidden", "join a campaign with your seat's token first")
        campaign_id, seat_id, token = entry
        seat = service.authenticate(campaign_id, token)  # a reissued token stops at once
        if seat["id"] != seat_id:  # pragma: no cover - tokens are unique per seat
            raise ActionError("forbidden", "that token opens another seat")
        if isinstance(data, dict) and data.get("preview") is True:
            order = {k: v for k, v in data.items() if k != "preview"}
            return {"ok": True, "preview": service.preview(campaign_id, seat_id, order)}
        seq = service.act(campaign_id, seat_id, data)
        return {"ok": True, "seq": seq}

    def on_disconnect(*_args: Any) -> None:
        with lock:
            joined.pop(request.sid, None)

    def revoke(campaign_id: str, seat_id: str) -> None:
        room = seat_room(campaign_id, seat_id)
        socketio.emit("revoked", {"seat": seat_id}, to=room)
        socketio.close_room(room)

    socketio.on_event("join", on_join)
    socketio.on_event("act", on_act)
    socketio.on_event("disconnect", on_disconnect)
    app.extensions["admiralty.revoke"] = revoke
