// The chart's geometry, pure: Web Mercator boxes and cameras, polygons (area, a representative
// point, a point inside), the names of a GeoJSON feature, and GeoJSON builders.

const mercY = (lat) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/** The centre and zoom that show a lon/lat box in `width` x `height` pixels (Web Mercator,
 * MapLibre's 512-pixel world at zoom 0). */
export function cameraFor([lon0, lon1], [lat0, lat1], width, height) {
  const w = Math.max(width || 800, 50);
  const h = Math.max(height || 600, 50);
  const zx = Math.log2((w / 512) * (360 / Math.max(1e-6, lon1 - lon0)));
  const zy = Math.log2((h / 512) * ((2 * Math.PI) / Math.max(1e-6, mercY(lat1) - mercY(lat0))));
  const midY = (mercY(lat0) + mercY(lat1)) / 2;
  const lat = ((2 * Math.atan(Math.exp(midY)) - Math.PI / 2) * 180) / Math.PI;
  return { center: { lon: (lon0 + lon1) / 2, lat }, zoom: Math.max(0, Math.min(zx, zy)) };
}

const mercLat = (y) => ((2 * Math.atan(Math.exp(y)) - Math.PI / 2) * 180) / Math.PI;

/** The lon/lat box `cameraFor` shows in `width` x `height` pixels: the asked box widened
 * (in longitude or in Mercator latitude) to the window's aspect, its centre kept. */
export function fitRanges([lon0, lon1], [lat0, lat1], width, height) {
  if (!(width > 0 && height > 0)) return [[lon0, lon1], [lat0, lat1]];
  const aspect = width / height;
  const w = ((lon1 - lon0) * Math.PI) / 180;
  const h = mercY(lat1) - mercY(lat0);
  if (w / h < aspect) {
    const span = Math.min(360, (aspect * h * 180) / Math.PI);
    const mid = (lon0 + lon1) / 2;
    return [[mid - span / 2, mid + span / 2], [lat0, lat1]];
  }
  const mid = (mercY(lat0) + mercY(lat1)) / 2;
  const half = w / aspect / 2;
  return [[lon0, lon1], [Math.max(-85, mercLat(mid - half)), Math.min(85, mercLat(mid + half))]];
}

/** Shoelace area of a ring in lon/lat: > 0 counter-clockwise, < 0 clockwise. */
export function signedArea(ring) {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    sum += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  }
  return sum / 2;
}

function polygonsOf(geometry) {
  if (!geometry) return [];
  if (geometry.type === "Polygon") return [geometry.coordinates];
  if (geometry.type === "MultiPolygon") return geometry.coordinates;
  if (geometry.type === "GeometryCollection") return geometry.geometries.flatMap(polygonsOf);
  return [];
}

/** A representative point of a polygon feature: its outer ring's vertex mean. */
export function centreOf(feature) {
  const props = feature.properties || {};
  for (const key of ["patrol_point", "point", "label_point", "centre", "center"]) {
    const p = props[key];
    if (Array.isArray(p) && p.length === 2) return p;
  }
  if (feature.geometry?.type === "Point") return feature.geometry.coordinates;
  let best = null;
  let bestArea = -1;
  for (const polygon of polygonsOf(feature.geometry)) {
    const area = Math.abs(signedArea(polygon[0]));
    if (area > bestArea) {
      bestArea = area;
      best = polygon[0];
    }
  }
  if (!best) return null;
  const n = best.length - 1 || 1;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i += 1) {
    sx += best[i][0];
    sy += best[i][1];
  }
  return [sx / n, sy / n];
}

/** Is [lon, lat] inside a polygon feature (even-odd over its rings)? */
export function contains(feature, point) {
  const [x, y] = point;
  for (const polygon of polygonsOf(feature.geometry)) {
    let inside = false;
    for (const ring of polygon) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) {
          inside = !inside;
        }
      }
    }
    if (inside) return true;
  }
  return false;
}

export function featureId(feature) {
  const p = feature.properties || {};
  return p.id ?? p.port ?? p.name ?? null;
}

export function featureName(feature) {
  const p = feature.properties || {};
  return p.name ?? p.id ?? p.port ?? "";
}

/** A GeoJSON Point feature. */
export const point = (lon, lat, properties) => ({ type: "Feature", properties,
  geometry: { type: "Point", coordinates: [lon, lat] } });
/** A GeoJSON LineString feature. */
export const line = (track, properties) => ({ type: "Feature", properties,
  geometry: { type: "LineString", coordinates: track } });
/** A GeoJSON FeatureCollection. */
export const collection = (features) => ({ type: "FeatureCollection", features });
