from tests.browser_helpers import open_seat
def test_peek(browser, browser_server, seat_pages, fleet):
    for i in range(2):
        gm = open_seat(browser, browser_server, fleet.seats["red"]["link"])
        seat_pages.append(gm)
        print("load", round(gm.load_seconds, 2), gm.js("window.__admiralty.timings"))
        print(gm.js("performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)])"))
        print(gm.js("performance.getEntriesByType('resource').map((r) => [r.name.split('/').slice(-1)[0].slice(0, 30), Math.round(r.startTime), Math.round(r.responseEnd), r.encodedBodySize])"))
        print(gm.js("[performance.timing.domContentLoadedEventEnd - performance.timing.navigationStart, performance.timing.loadEventEnd - performance.timing.navigationStart]"))
