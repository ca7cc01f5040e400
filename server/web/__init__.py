"""The web: the Flask app, its REST and Socket.IO halves, and the store of the event log.

- :mod:`~server.web.app`: the application factory (``create_app``).
- :mod:`~server.web.api`: REST set-up, snapshots, the log and ``GET /api/schema``.
- :mod:`~server.web.world_api`: read-only map, ports, routes, voyages and odds.
- :mod:`~server.web.sockets`: ``join``, ``act`` and the live ``event``.
- :mod:`~server.web.campaigns`: the campaign service: decide, log, apply, broadcast.
- :mod:`~server.web.storage`: campaigns, seats and events in any SQLAlchemy database (the
  schema's migrations are in ``server/migrations``); :mod:`~server.web.tokens`: seat tokens.
- :mod:`~server.web.errors`: the error shape of every ``/api/`` answer.
"""
