// The campaigns this browser created or joined, kept in its localStorage (the server keeps
// no list of a person's campaigns): the landing page lists them, the play page records the
// one it opens. Each entry: {campaign, token, role, seat, seatName, name, phase, date, seq,
// lastActivity, opened}; one per token (a seat's link), the latest opened first.

const KEY = "admiralty.campaigns";
const MOST = 50; // entries kept; the oldest opened go first

function valid(entry) {
  return !!entry && typeof entry === "object" && typeof entry.campaign === "string"
    && typeof entry.token === "string" && entry.campaign && entry.token;
}

/** The campaigns recorded, the latest opened first ([] when storage is off or spoiled). */
export function recentCampaigns() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter(valid) : [];
  } catch {
    return [];
  }
}

function save(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, MOST)));
  } catch {
    // storage off or full: the list is a convenience, the links still work
  }
}

/** Record (or update) the campaign opened with `entry.token`; `opened` marks it now when
 * `touch` is set. Returns the entry as stored. */
export function remember(entry, touch = true) {
  if (!valid(entry)) return null;
  const list = recentCampaigns();
  const old = list.find((e) => e.token === entry.token) || {};
  const merged = { ...old, ...entry };
  if (touch) merged.opened = new Date().toISOString();
  save([merged, ...list.filter((e) => e.token !== entry.token)]);
  return merged;
}

/** Update what is known of an entry without moving it in the list. */
export function update(token, fields) {
  const list = recentCampaigns();
  const i = list.findIndex((e) => e.token === token);
  if (i < 0) return;
  list[i] = { ...list[i], ...fields };
  save(list);
}

/** Forget the entry of this token. */
export function forget(token) {
  save(recentCampaigns().filter((e) => e.token !== token));
}

/** The page of a seat on this server. */
export function playPath(campaign, token) {
  return `/play/${encodeURIComponent(campaign)}?token=${encodeURIComponent(token)}`;
}
