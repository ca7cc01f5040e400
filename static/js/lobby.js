// The landing page's pure helpers: what a pasted seat link or token says, a duration in
// seconds, which control a server refusal belongs beside. No DOM, no requests.


/**
 * A seat's link or bare token as {campaign, token} (campaign null for a bare token), or
 * {error} saying what is wrong with it, by the server's patterns (`limits`: GET /api/rules'
 * `campaign_id` and `token`). A link's host is not kept: the seat is looked up on this
 * server.
 */
export function parseSeatInput(raw, origin, limits) {
  const CAMPAIGN = new RegExp(limits.campaign_id);
  const TOKEN = new RegExp(limits.token);
  const text = String(raw ?? "").trim();
  if (!text) return { error: "Paste your seat's link, or the token in it." };
  const looksLikeLink = /[/?=:]/.test(text);
  if (!looksLikeLink) {
    if (TOKEN.test(text)) return { campaign: null, token: text };
    return { error: "That is not a seat token: a token is the 32 letters, digits, - and _ "
      + "after ?token= in your link." };
  }
  let url;
  try {
    url = new URL(text, origin);
  } catch {
    return { error: "That is not a link: paste the whole link your Games Master sent." };
  }
  const match = url.pathname.match(/\/play\/([^/]+)\/?$/);
  if (!match) {
    return { error: "That link is not a seat's: a seat's link has /play/<campaign>?token=… in it." };
  }
  let campaign;
  try {
    campaign = decodeURIComponent(match[1]);
  } catch {
    campaign = "";
  }
  if (!CAMPAIGN.test(campaign)) return { error: "That link's campaign id is not a campaign id." };
  const token = url.searchParams.get("token");
  if (!token) return { error: "That link carries no token (?token=…): copy the whole link." };
  if (!TOKEN.test(token)) {
    return { error: "That link's token is cut short or spoiled: copy the whole link." };
  }
  return { campaign, token };
}

/**
 * A duration typed as a number and a unit (seconds a unit) in whole seconds: null when
 * left blank, {error} when it is not a whole number of seconds above zero.
 */
export function durationSeconds(value, unit) {
  const text = String(value ?? "").trim();
  if (!text) return { seconds: null };
  const n = Number(text);
  const seconds = n * Number(unit || 1);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    return { error: "give a number above zero, or leave it blank" };
  }
  if (!Number.isInteger(seconds)) return { error: "give a whole number of seconds" };
  return { seconds };
}

/** The field a one-line refusal names (`'turn_days' must be ...` -> "turn_days"), or null. */
export function refusedField(message) {
  const match = String(message ?? "").match(/^'([a-z_]+)'/);
  return match ? match[1] : null;
}

/** How long ago an ISO time was, in words ("just now", "5 min ago", "3 h ago", "2 days ago"). */
export function ago(iso, now = Date.now()) {
  const when = new Date(iso ?? "").getTime();
  if (Number.isNaN(when)) return "—";
  const s = Math.max(0, Math.round((now - when) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  const days = Math.floor(s / 86400);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}
