"""A summer's key moments for every seat, each on a phone (390x844, touch, mobile),
in Debian's headless Chromium (issue 32's closing test: :mod:`tests.summer_moments`)."""

from __future__ import annotations

import pytest

from tests.summer_moments import play_a_summers_key_moments

pytestmark = pytest.mark.browser


def test_a_summers_key_moments_for_every_seat_on_phones(
    browser, browser_server, seat_pages, touch_contexts
):
    play_a_summers_key_moments(
        browser, browser_server, touch_contexts["phone"], seat_pages, phone=True
    )
