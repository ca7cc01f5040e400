"""Static delivery: content-hashed URLs with long cache lifetimes, each answer compressed
once (brotli and gzip) and kept.

The pages' ``/static/...`` URLs are rewritten to ``/static/v/<hash>/...`` (the hash of the
whole static tree, so that the ES modules' relative imports resolve under the same prefix),
plotly.js's to ``/vendor/plotly.<hash>.min.js`` and MapLibre's (the chart's renderer, from
the ``maplibre`` package) to ``/vendor/maplibre-gl.<hash>.js``/``.css``: all are served
``immutable`` for a year. The pages themselves are ``no-cache`` with an ETag, so a second
visit costs a few hundred bytes and 304s. plotly.js (4.8 MB, loaded by the page only when
it draws a chart) is packed with brotli at quality 11 (1.1 MB, 8 s of CPU) once, in a
background thread, and kept on disk beside the map layers' cache; until then it goes out at
quality 5 (1.3 MB, 0.1 s).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import brotli
from flask import Response, request

__all__ = [
    "IMMUTABLE",
    "STATIC_DIR",
    "Packed",
    "answer",
    "file_packed",
    "kept",
    "maplibre_packed",
    "maplibre_path",
    "maplibre_version",
    "pack",
    "page",
    "plotly_packed",
    "plotly_path",
    "plotly_version",
    "static_version",
]

STATIC_DIR = Path(__file__).resolve().parents[2] / "static"
IMMUTABLE = "public, max-age=31536000, immutable"
FRESH = "no-cache"
MIMETYPES = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".pbf": "application/x-protobuf",
}
log = logging.getLogger("admiralty")


@dataclass(frozen=True, slots=True)
class Packed:
    """One answer's bytes as they are and compressed, and its ETag."""

    body: bytes
    br: bytes
    gz: bytes
    etag: str


def pack(body: bytes, quality: int | None = None) -> Packed:
    """``body`` compressed with brotli (at ``quality``: by default 11 up to 256 kB, 9 above,
    which is 20 times faster for a few per cent more) and gzip (level 9)."""
    quality = quality if quality is not None else (11 if len(body) <= 256_000 else 9)
    etag = hashlib.sha256(body).hexdigest()[:20]
    return Packed(
        body, brotli.compress(body, quality=quality), gzip.compress(body, 9, mtime=0), etag
    )


def answer(packed: Packed, mimetype: str, cache_control: str) -> Response:
    """The response for this request: brotli, gzip or plain as it accepts; 304 on its ETag."""
    if request.if_none_match.contains(packed.etag):
        response = Response(status=304)
    else:
        accepts = request.accept_encodings
        if accepts["br"]:
            response = Response(packed.br, mimetype=mimetype)
            response.headers["Content-Encoding"] = "br"
        elif accepts["gzip"]:
            response = Response(packed.gz, mimetype=mimetype)
            response.headers["Content-Encoding"] = "gzip"
        else:
            response = Response(packed.body, mimetype=mimetype)
    response.set_etag(packed.etag)
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = cache_control
    return response


@cache
def static_version() -> str:
    """The hash of every file under static/ (names and contents)."""
    digest = hashlib.sha256()
    for path in sorted(STATIC_DIR.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(STATIC_DIR).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def plotly_path() -> Path:
    """The plotly.min.js of the Python plotly package (imported late: it is slow)."""
    import plotly

    return Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js"


@cache
def _plotly_bytes() -> bytes:
    return plotly_path().read_bytes()


@cache
def plotly_version() -> str:
    return hashlib.sha256(_plotly_bytes()).hexdigest()[:12]


def maplibre_path(suffix: str = "js") -> Path:
    """MapLibre GL JS as the ``maplibre`` package ships it (``maplibre-gl.js`` or ``.css``):
    the sea chart's own renderer, found without importing the package (its bindings are not
    needed)."""
    spec = importlib.util.find_spec("maplibre")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("the maplibre package is not installed")
    return Path(list(spec.submodule_search_locations)[0]) / "srcjs" / f"maplibre-gl.{suffix}"


@cache
def maplibre_version() -> str:
    digest = hashlib.sha256(maplibre_path("js").read_bytes() + maplibre_path("css").read_bytes())
    return digest.hexdigest()[:12]


@cache
def maplibre_packed(suffix: str) -> Packed:
    """maplibre-gl.js (900 kB) or .css packed once, its brotli 11 kept on disk."""
    body = maplibre_path(suffix).read_bytes()
    name = f"maplibre-{maplibre_version()}.{suffix}.br"
    br = kept(name, lambda: brotli.compress(body, quality=11))
    return Packed(body, br, gzip.compress(body, 9, mtime=0), hashlib.sha256(body).hexdigest()[:20])


@cache
def page(name: str) -> Packed:
    """An HTML page of static/ with its asset URLs hashed."""
    text = (STATIC_DIR / name).read_text()
    text = text.replace('"/static/', f'"/static/v/{static_version()}/')
    text = text.replace('"/vendor/plotly.min.js"', f'"/vendor/plotly.{plotly_version()}.min.js"')
    for suffix in ("js", "css"):
        text = text.replace(
            f'"/vendor/maplibre-gl.{suffix}"',
            f'"/vendor/maplibre-gl.{maplibre_version()}.{suffix}"',
        )
    return pack(text.encode())


@cache
def file_packed(path: str) -> tuple[Packed, str]:
    """A file of static/ packed, and its MIME type (KeyError if there is no such file)."""
    full = (STATIC_DIR / path).resolve()
    if STATIC_DIR not in full.parents or not full.is_file() or full.suffix == ".py":
        raise KeyError(path)
    return pack(full.read_bytes()), MIMETYPES.get(full.suffix, "application/octet-stream")


_plotly_lock = threading.Lock()
_plotly_best: list[Packed] = []


def kept(name: str, build: Callable[[], bytes]) -> bytes:
    """The bytes kept on disk under ``name`` (``$ADMIRALTY_CACHE_DIR``, else
    ``~/.cache/admiralty``): read back, or built and written (whole, then renamed: a reader
    never sees half a file; a read-only home builds them again on the next start)."""
    home = os.environ.get("ADMIRALTY_CACHE_DIR") or Path.home() / ".cache" / "admiralty"
    cached = Path(home) / name
    try:
        return cached.read_bytes()
    except OSError:
        pass
    body = build()
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        part = cached.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(body)
        os.replace(part, cached)
    except OSError:
        pass
    return body


def _pack_best() -> None:
    """Brotli at quality 11, from the disk cache or made."""
    body = _plotly_bytes()
    br = kept(f"plotly-{plotly_version()}.br", lambda: brotli.compress(body, quality=11))
    fast = _plotly_fast()
    _plotly_best.append(Packed(body, br, fast.gz, fast.etag))


@cache
def _plotly_fast() -> Packed:
    return pack(_plotly_bytes(), quality=5)


def plotly_packed(wait: bool = False) -> Packed:
    """plotly.js packed: at brotli 11 once that is made (``wait`` makes it now), else at 5
    while a thread makes it."""
    if _plotly_best:
        return _plotly_best[0]
    if wait:
        with _plotly_lock:
            if not _plotly_best:
                _pack_best()
        return _plotly_best[0]
    if _plotly_lock.acquire(blocking=False):

        def work() -> None:
            try:
                if not _plotly_best:
                    _pack_best()
            finally:
                _plotly_lock.release()

        threading.Thread(target=work, name="pack-plotly", daemon=True).start()
    return _plotly_fast()
