// The drift page: one fetch of /v1/groups/<groupId>/drift/chart (with the API key the reader typed, where the server
// needs one), drawn as one SVG string.
// Panels share one time axis: era labels, topic heat map, activity strip, drift curve, dates.

const LEVELS = ['day', 'week', 'month'];
/** Rows of the heat map: enough for every era of two years of weeks to show its main topics. */
const MAX_TOPIC_ROWS = 20;
const MIN_TOPIC_ROWS = 12;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_MS = 86_400_000;

// Light to dark blue: a sequential ramp, so a darker cell always means more weight.
const PALETTE = ['#eef5f9', '#cfe5ef', '#a3cfe2', '#6fb3d2', '#3f93bf', '#2374a6', '#145887', '#0b3b63'];
const EMPTY_CELL = '#f6f7f9';
const COLORS = {
  topicDrift: '#1f2933',
  cosine: '#7b8794',
  activity: '#9aa5b1',
  band: '#eef1f5',
  currentBand: '#fff1e6',
  boundary: '#d9480f',
  preview: '#5f3dc4',
  gold: '#2b8a3e',
  grid: '#e4e9ee',
  hover: '#1f2933',
};

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const ERA_FONT = `600 12.5px ${FONT}`;
const TOPIC_FONT = `12.5px ${FONT}`;

const $ = (id) => document.getElementById(id);

// ---------- small helpers ----------

function escapeXml(value) {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function parseDay(iso) {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`);
}

function formatDay(iso, withYear = true) {
  const d = parseDay(iso);
  const base = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return withYear ? `${base} ${d.getUTCFullYear()}` : base;
}

/** Period ends are exclusive; people read the last day inside the period. */
function lastDay(period) {
  const end = parseDay(period.periodEnd).getTime() - DAY_MS;
  return new Date(Math.max(end, parseDay(period.periodStart).getTime())).toISOString().slice(0, 10);
}

function periodTitle(period, level) {
  const start = parseDay(period.periodStart);
  if (level === 'month') return `${MONTHS_LONG[start.getUTCMonth()]} ${start.getUTCFullYear()}`;
  if (level === 'day') return formatDay(period.periodStart);
  const end = lastDay(period);
  const sameYear = end.slice(0, 4) === period.periodStart.slice(0, 4);
  return `${formatDay(period.periodStart, !sameYear)} – ${formatDay(end)}`;
}

function fixed(value, digits = 2) {
  return value === null || value === undefined ? '–' : Number(value).toFixed(digits);
}

function colorFor(weight, maxWeight) {
  if (!(weight > 0) || !(maxWeight > 0)) return EMPTY_CELL;
  // Square root: minor topics stay visible next to a dominant one.
  const t = Math.sqrt(Math.min(1, weight / maxWeight));
  return PALETTE[Math.min(PALETTE.length - 1, Math.round(t * (PALETTE.length - 1)))];
}

const measureContext = document.createElement('canvas').getContext('2d');

function textWidth(text, font) {
  measureContext.font = font;
  return measureContext.measureText(text).width;
}

/** The longest prefix (plus an ellipsis) that fits in maxWidth pixels. */
function fitText(text, font, maxWidth) {
  if (textWidth(text, font) <= maxWidth) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidth(`${text.slice(0, mid)}…`, font) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? '' : `${text.slice(0, low).trimEnd()}…`;
}

// ---------- the model: what to draw, independent of pixels ----------

function buildModel(chart) {
  const periods = [...chart.periods].sort((a, b) => a.periodStart.localeCompare(b.periodStart));
  const columnOf = new Map(periods.map((p, i) => [p.periodStart, i]));

  const totals = new Map();
  const weights = periods.map((p) => {
    const byName = new Map();
    for (const t of p.topics) byName.set(t.name, Math.max(byName.get(t.name) ?? 0, t.weight));
    for (const [name, w] of byName) totals.set(name, (totals.get(name) ?? 0) + w);
    return byName;
  });

  const drift = periods.map(() => null);
  for (const point of chart.drift) {
    const i = columnOf.get(point.periodStart);
    if (i !== undefined) drift[i] = point;
  }

  // An era covers the columns whose period starts inside it; eras outside the loaded range are dropped.
  const firstColumnFrom = (date) => {
    const i = periods.findIndex((p) => p.periodStart >= date);
    return i === -1 ? periods.length : i;
  };
  const eras = [...chart.eras]
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((era) => ({ ...era, from: firstColumnFrom(era.start), to: firstColumnFrom(era.end) }))
    .filter((era) => era.to > era.from);
  const eraOfColumn = periods.map(() => null);
  for (const era of eras) for (let i = era.from; i < era.to; i++) eraOfColumn[i] = era;
  const topics = pickTopicRows(weights, totals, eras);

  let maxWeight = 0;
  for (const byName of weights)
    for (const name of topics) maxWeight = Math.max(maxWeight, byName.get(name) ?? 0);

  return {
    groupId: chart.groupId,
    level: chart.level,
    periods,
    weights,
    topics,
    topicCount: totals.size,
    maxWeight,
    drift,
    hasCosine: chart.drift.some((d) => d.cosineDistance !== null && d.cosineDistance !== undefined),
    measures: chart.measures ?? {},
    eras,
    eraOfColumn,
  };
}

/** Sum of each topic's weight over columns [from, to). */
function totalsOver(weights, from, to) {
  const totals = new Map();
  for (let i = from; i < to; i++) {
    for (const [name, w] of weights[i]) totals.set(name, (totals.get(name) ?? 0) + w);
  }
  return totals;
}

function heaviest(totals) {
  return [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
}

/**
 * The heat map's rows. Over two years a group goes through many eras, and the topics heaviest overall would
 * all come from the longest few; so the rows are shared out among the eras by how many columns each spans (at
 * least one each), each era filling its share with its own heaviest topics, and the heaviest overall fill up to
 * the minimum. Rows go in order of when each topic is strongest, so the map reads as a staircase from the top
 * left, era after era.
 */
function pickTopicRows(weights, totals, eras) {
  const chosen = new Set();
  const shares = eras.map((era) =>
    Math.max(1, Math.round((MAX_TOPIC_ROWS * (era.to - era.from)) / Math.max(1, weights.length))),
  );
  // Rounding up every short era can overshoot the budget: the largest shares give way first.
  while (shares.reduce((a, b) => a + b, 0) > MAX_TOPIC_ROWS && Math.max(...shares) > 1) {
    shares[shares.indexOf(Math.max(...shares))] -= 1;
  }
  eras.forEach((era, i) => {
    let added = 0;
    for (const name of heaviest(totalsOver(weights, era.from, era.to))) {
      if (added >= shares[i] || chosen.size >= MAX_TOPIC_ROWS) break;
      if (!chosen.has(name)) {
        chosen.add(name);
        added++;
      }
    }
  });
  for (const name of heaviest(totals)) {
    if (chosen.size >= MIN_TOPIC_ROWS) break;
    chosen.add(name);
  }
  const centre = (name) => {
    let mass = 0;
    let moment = 0;
    weights.forEach((byName, column) => {
      const w = byName.get(name) ?? 0;
      mass += w;
      moment += w * column;
    });
    return mass > 0 ? moment / mass : 0;
  };
  const centres = new Map([...chosen].map((name) => [name, centre(name)]));
  return [...chosen].sort((a, b) => centres.get(a) - centres.get(b) || a.localeCompare(b));
}

// ---------- layout: pixels for a given width ----------

/**
 * Where a date falls on the column axis: the column of the period holding it plus the share of that period
 * already gone, so an era that starts on a Wednesday is drawn on its Wednesday, not at the next week's column.
 * A date between periods (a gap in the data) falls at the start of the next one.
 */
function positionOf(periods, date) {
  const day = Date.parse(`${date}T00:00:00Z`);
  for (let i = 0; i < periods.length; i++) {
    const start = Date.parse(`${periods[i].periodStart}T00:00:00Z`);
    const end = Date.parse(`${periods[i].periodEnd}T00:00:00Z`);
    if (day < start) return i;
    if (day < end) return i + (day - start) / Math.max(DAY_MS, end - start);
  }
  return periods.length;
}

function niceMax(value) {
  for (const step of [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2]) if (value <= step) return step;
  return Math.ceil(value);
}

function computeLayout(model, width, availableHeight) {
  const longestTopic = Math.max(60, ...model.topics.map((t) => textWidth(t, TOPIC_FONT)));
  const left = Math.round(Math.min(220, Math.max(120, longestTopic + 22)));
  const right = 18;
  const plotWidth = Math.max(200, width - left - right);
  const columnWidth = plotWidth / model.periods.length;
  const x = (column) => left + column * columnWidth;

  const eraLabels = placeEraLabels(model, x, left + plotWidth);
  const laneHeight = eraLabels.rows * 19 + 6;
  const rowHeight = Math.max(14, Math.min(24, Math.floor(300 / Math.max(1, model.topics.length))));
  const heat = { y: laneHeight, height: rowHeight * model.topics.length, rowHeight };
  const activity = { y: heat.y + heat.height + 8, height: 26 };
  const driftValues = model.drift.flatMap((d) => (d ? [d.topicDrift, d.cosineDistance ?? 0] : []));
  const driftY = activity.y + activity.height + 14;
  const axisHeight = 40;
  const drift = {
    y: driftY,
    // The curve takes the height the window has left, so the whole chart fits without scrolling.
    height: Math.round(Math.max(130, Math.min(260, availableHeight - driftY - axisHeight))),
    max: niceMax(Math.max(0.01, ...driftValues)),
  };
  const axis = { y: drift.y + drift.height, height: axisHeight };
  return {
    width: left + plotWidth + right,
    height: axis.y + axis.height,
    left,
    plotWidth,
    plotRight: left + plotWidth,
    columnWidth,
    x,
    eraLabels,
    laneHeight,
    heat,
    activity,
    drift,
    axis,
  };
}

/**
 * Era themes sit in up to two rows above the heat map: a label goes to the first row where it does not
 * overlap the one before, and is cut to end before the era after next, so it never blocks two neighbours.
 */
function placeEraLabels(model, x, plotRight) {
  const rowEnds = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  const markerWidth = 13;
  const labels = model.eras.map((era, i) => {
    const start = x(positionOf(model.periods, era.start)) + 6;
    const next = model.eras[i + 2];
    const limit = (next ? x(positionOf(model.periods, next.start)) : plotRight) - start - 8;
    const extra = era.current ? markerWidth : 0;
    const full = textWidth(era.theme, ERA_FONT) + extra;
    let row = rowEnds.findIndex((end) => end + 10 <= start);
    if (row === -1) row = rowEnds[0] <= rowEnds[1] ? 0 : 1;
    const text = fitText(era.theme, ERA_FONT, Math.max(0, limit - extra));
    const width = Math.min(full, limit);
    rowEnds[row] = start + width;
    return { era, row, x: start, text, markerWidth: extra };
  });
  const rows = labels.some((l) => l.row === 1) ? 2 : 1;
  return { labels, rows };
}

// ---------- SVG panels ----------

function eraBands(model, layout) {
  const top = 0;
  const bottom = layout.drift.y + layout.drift.height;
  return model.eras
    .map((era, i) => {
      const fill = era.current ? COLORS.currentBand : i % 2 === 0 ? COLORS.band : null;
      if (!fill) return '';
      const x0 = layout.x(positionOf(model.periods, era.start));
      const w = layout.x(positionOf(model.periods, era.end)) - x0;
      return `<rect x="${x0}" y="${top}" width="${w}" height="${bottom - top}" fill="${fill}"/>`;
    })
    .join('');
}

function eraLabelsSvg(layout) {
  return layout.eraLabels.labels
    .map(({ era, row, x, text, markerWidth }) => {
      const y = row * 19 + 15;
      const title = `<title>${escapeXml(era.theme)}${era.current ? ' (current era)' : ''}</title>`;
      const marker = markerWidth ? `<circle class="now-dot" cx="${x + 4}" cy="${y - 4.5}" r="4"/>` : '';
      const cls = era.current ? 'era-label current' : 'era-label';
      return (
        `${marker}<text class="${cls}" data-testid="era-label" data-theme="${escapeXml(era.theme)}" ` +
        `x="${x + markerWidth}" y="${y}">${escapeXml(text)}${title}</text>`
      );
    })
    .join('');
}

function eraBoundaries(model, layout) {
  const bottom = layout.drift.y + layout.drift.height;
  const rowOf = new Map(layout.eraLabels.labels.map((l) => [l.era.id, l.row]));
  return model.eras
    .slice(1)
    .map((era) => {
      const x = layout.x(positionOf(model.periods, era.start));
      // The line starts just above its own label, so the label reads as hanging off it.
      const top = (rowOf.get(era.id) ?? 0) * 19 + 1;
      return (
        `<line data-testid="era-boundary" data-start="${era.start}" x1="${x}" x2="${x}" y1="${top}" y2="${bottom}" ` +
        `stroke="${COLORS.boundary}" stroke-width="1.5"/>`
      );
    })
    .join('');
}

/** The workbench's lines: a preview's boundaries (dashed) and the gold ones (dotted), over the whole chart. */
function workbenchLines(model, layout) {
  const bottom = layout.drift.y + layout.drift.height;
  const line = (testid, date, color, dash) => {
    const x = layout.x(positionOf(model.periods, date));
    return (
      `<line data-testid="${testid}" data-start="${date}" x1="${x}" x2="${x}" y1="0" y2="${bottom}" ` +
      `stroke="${color}" stroke-width="1.5" stroke-dasharray="${dash}"/>`
    );
  };
  const preview = (workbench.preview?.eras ?? [])
    .slice(1)
    .map((era) => line('preview-boundary', era.start, COLORS.preview, '6 3'));
  const gold = workbench.gold.map((day) => line('gold-boundary', day, COLORS.gold, '2 3'));
  return [...preview, ...gold].join('');
}

function heatmap(model, layout) {
  const { heat, columnWidth } = layout;
  const parts = [];
  model.topics.forEach((name, row) => {
    const y = heat.y + row * heat.rowHeight;
    const label = fitText(name, TOPIC_FONT, layout.left - 14);
    parts.push(
      `<text class="topic-label" data-testid="topic-label" data-topic="${escapeXml(name)}" ` +
        `x="${layout.left - 8}" y="${y + heat.rowHeight / 2}" text-anchor="end" dominant-baseline="central">` +
        `${escapeXml(label)}<title>${escapeXml(name)}</title></text>`,
    );
    model.weights.forEach((byName, column) => {
      const fill = colorFor(byName.get(name) ?? 0, model.maxWeight);
      parts.push(
        `<rect data-testid="heatmap-cell" data-col="${column}" x="${layout.x(column)}" y="${y}" ` +
          `width="${columnWidth + 0.5}" height="${heat.rowHeight - 1}" fill="${fill}"/>`,
      );
    });
  });
  return `<g shape-rendering="crispEdges">${parts.join('')}</g>`;
}

function activityStrip(model, layout) {
  const { activity, columnWidth } = layout;
  const gap = columnWidth > 4 ? 1 : 0;
  const bars = model.periods
    .map((p, i) => {
      const h = Math.max(0, Math.min(1, p.activityScore)) * activity.height;
      if (h <= 0) return '';
      return `<rect x="${layout.x(i) + gap / 2}" y="${activity.y + activity.height - h}" width="${Math.max(0.5, columnWidth - gap)}" height="${h}"/>`;
    })
    .join('');
  const base = activity.y + activity.height;
  return (
    `<text class="panel-title" x="${layout.left - 8}" y="${activity.y + activity.height / 2}" ` +
    `text-anchor="end" dominant-baseline="central">activity</text>` +
    `<line x1="${layout.left}" x2="${layout.plotRight}" y1="${base}" y2="${base}" stroke="${COLORS.grid}"/>` +
    `<g fill="${COLORS.activity}" shape-rendering="crispEdges">${bars}</g>`
  );
}

/** Path through the values at column centres; a missing value starts a new segment. */
function linePath(values, layout, yOf) {
  let d = '';
  let drawing = false;
  values.forEach((value, i) => {
    if (value === null || value === undefined) {
      drawing = false;
      return;
    }
    const x = (layout.x(i) + layout.columnWidth / 2).toFixed(1);
    d += `${drawing ? 'L' : 'M'}${x} ${yOf(value).toFixed(1)}`;
    drawing = true;
  });
  return d;
}

function driftPanel(model, layout) {
  const { drift } = layout;
  const yOf = (v) => drift.y + drift.height - (Math.min(v, drift.max) / drift.max) * drift.height;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * drift.max);
  const grid = ticks
    .map((t) => {
      const y = yOf(t).toFixed(1);
      return (
        `<line x1="${layout.left}" x2="${layout.plotRight}" y1="${y}" y2="${y}" stroke="${COLORS.grid}"/>` +
        `<text class="tick-label" x="${layout.left - 6}" y="${y}" text-anchor="end" dominant-baseline="central">${Number(t.toFixed(2))}</text>`
      );
    })
    .join('');
  const topicDrift = model.drift.map((d) => (d ? d.topicDrift : null));
  const cosine = model.drift.map((d) => (d ? d.cosineDistance : null));
  const topicPath = linePath(topicDrift, layout, yOf);
  const base = (drift.y + drift.height).toFixed(1);
  // The shaded area is the topic drift line closed down to zero, segment by segment.
  const area = topicPath
    .split('M')
    .filter(Boolean)
    .map((segment) => {
      const points = segment.split('L');
      const firstX = points[0].split(' ')[0];
      const lastX = points[points.length - 1].split(' ')[0];
      return `M${firstX} ${base}L${segment}L${lastX} ${base}Z`;
    })
    .join('');
  const title =
    `<text class="panel-title" x="${layout.left - 40}" y="${drift.y + drift.height / 2}" ` +
    `text-anchor="end" dominant-baseline="central">drift</text>`;
  const cosineLine = model.hasCosine
    ? `<path d="${linePath(cosine, layout, yOf)}" fill="none" stroke="${COLORS.cosine}" stroke-width="1.4" stroke-dasharray="4 3" stroke-linejoin="round"/>`
    : '';
  return (
    title +
    grid +
    `<path d="${area}" fill="${COLORS.topicDrift}" fill-opacity="0.07"/>` +
    cosineLine +
    `<path data-testid="drift-line" d="${topicPath}" fill="none" stroke="${COLORS.topicDrift}" stroke-width="2" stroke-linejoin="round"/>`
  );
}

/**
 * Date ticks: month starts, thinned to a stride (1, 2, 3, 4, 6 or 12 months) that keeps labels apart;
 * short day-level ranges with too few month starts get day ticks instead.
 */
function timeAxis(model, layout) {
  const { axis, columnWidth } = layout;
  const minGap = 46;
  const monthStarts = [];
  model.periods.forEach((p, i) => {
    const month = p.periodStart.slice(0, 7);
    if (i === 0 || month !== model.periods[i - 1].periodStart.slice(0, 7)) monthStarts.push(i);
  });
  const spanMonths = Math.max(1, monthStarts.length);
  const perMonth = layout.plotWidth / spanMonths;
  let ticks;
  if (spanMonths >= 3) {
    const stride = [1, 2, 3, 4, 6, 12].find((s) => s * perMonth >= minGap) ?? 12;
    ticks = monthStarts
      .filter((i) => parseDay(model.periods[i].periodStart).getUTCMonth() % stride === 0)
      .map((i) => ({ column: i, text: MONTHS[parseDay(model.periods[i].periodStart).getUTCMonth()] }));
  } else {
    const every = Math.max(1, Math.ceil(minGap / columnWidth));
    ticks = model.periods
      .map((p, i) => ({ column: i, text: formatDay(p.periodStart, false) }))
      .filter((t) => t.column % every === 0);
  }
  const top = axis.y;
  let lastYear = null;
  const parts = [
    `<line x1="${layout.left}" x2="${layout.plotRight}" y1="${top}" y2="${top}" stroke="#9aa5b1"/>`,
  ];
  for (const tick of ticks) {
    const x = layout.x(tick.column).toFixed(1);
    const year = model.periods[tick.column].periodStart.slice(0, 4);
    parts.push(`<line x1="${x}" x2="${x}" y1="${top}" y2="${top + 5}" stroke="#9aa5b1"/>`);
    parts.push(`<text class="axis-label" x="${x}" y="${top + 17}" text-anchor="middle">${tick.text}</text>`);
    if (year !== lastYear) {
      parts.push(`<text class="year-label" x="${x}" y="${top + 32}" text-anchor="middle">${year}</text>`);
      lastYear = year;
    }
  }
  return parts.join('');
}

function hoverLayer(layout) {
  const top = layout.heat.y;
  const bottom = layout.drift.y + layout.drift.height;
  return (
    `<g id="hover" visibility="hidden" pointer-events="none">` +
    `<rect id="hover-column" y="${top - 0.5}" height="${bottom - top + 1}" fill="none" stroke="${COLORS.hover}" stroke-width="1.25"/>` +
    `<circle id="hover-dot" r="3.5" fill="${COLORS.topicDrift}" stroke="#fff" stroke-width="1.5"/></g>`
  );
}

function renderSvg(model, layout) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" ` +
    `viewBox="0 0 ${layout.width} ${layout.height}" role="img" aria-label="Topic drift of ${escapeXml(model.groupId)}">` +
    eraBands(model, layout) +
    heatmap(model, layout) +
    activityStrip(model, layout) +
    driftPanel(model, layout) +
    timeAxis(model, layout) +
    eraBoundaries(model, layout) +
    workbenchLines(model, layout) +
    eraLabelsSvg(layout) +
    hoverLayer(layout) +
    `</svg>`
  );
}

// ---------- header: title, subtitle, legend, level switch ----------

function renderLevelSwitch(level) {
  const params = new URLSearchParams(window.location.search);
  $('level-switch').innerHTML = LEVELS.map((l) => {
    params.set('level', l);
    const current = l === level ? ' aria-current="page"' : '';
    return `<a href="?${escapeXml(params.toString())}" data-level="${l}"${current}>${l}</a>`;
  }).join('');
}

function renderLegend(model) {
  const ramp = PALETTE.map((c, i) => `<rect x="${i * 10}" width="10" height="10" fill="${c}"/>`).join('');
  const items = [
    `<span class="legend-item">topic weight <span>0</span><svg width="${PALETTE.length * 10}" height="10">${ramp}</svg><span>${fixed(model.maxWeight)}</span></span>`,
    `<span class="legend-item" data-testid="legend-topic-drift" title="${escapeXml(model.measures.topicDrift ?? '')}"><svg width="22" height="10"><line x1="0" x2="22" y1="5" y2="5" stroke="${COLORS.topicDrift}" stroke-width="2"/></svg>topic drift</span>`,
  ];
  if (model.hasCosine) {
    items.push(
      `<span class="legend-item" data-testid="legend-embedding" title="${escapeXml(model.measures.cosineDistance ?? '')}"><svg width="22" height="10"><line x1="0" x2="22" y1="5" y2="5" stroke="${COLORS.cosine}" stroke-width="1.4" stroke-dasharray="4 3"/></svg>embedding distance</span>`,
    );
  }
  if (model.eras.length > 1) {
    items.push(
      `<span class="legend-item"><svg width="10" height="14"><line x1="5" x2="5" y1="0" y2="14" stroke="${COLORS.boundary}" stroke-width="1.5"/></svg>era change</span>`,
    );
  }
  if (model.eras.some((era) => era.current)) {
    items.push(
      `<span class="legend-item"><svg width="16" height="14"><rect width="16" height="14" fill="${COLORS.currentBand}"/><circle cx="8" cy="7" r="3.5" fill="${COLORS.boundary}"/></svg>current era</span>`,
    );
  }
  $('legend').innerHTML = items.join('');
}

/** Under the chart, in words: what the two drift lines measure, so neither is read for the other. */
function renderNotes(model) {
  const { topicDrift, cosineDistance } = model.measures;
  const notes = [];
  if (topicDrift) notes.push(`<p><b>Topic drift</b> (solid line). ${escapeXml(topicDrift)}</p>`);
  if (model.hasCosine && cosineDistance) {
    notes.push(`<p><b>Embedding distance</b> (dashed line). ${escapeXml(cosineDistance)}</p>`);
  }
  $('notes').innerHTML = notes.join('');
}

function renderSubtitle(model) {
  const n = model.periods.length;
  const first = model.periods[0];
  const last = model.periods[n - 1];
  const range = `${formatDay(first.periodStart)} – ${formatDay(lastDay(last))}`;
  const eras = `${model.eras.length} era${model.eras.length === 1 ? '' : 's'}`;
  const topics =
    model.topicCount > model.topics.length
      ? `top ${model.topics.length} of ${model.topicCount} topics`
      : `${model.topicCount} topics`;
  // Each fact stays on one line when the subtitle wraps.
  const facts = [`${n} ${model.level}${n === 1 ? '' : 's'}`, range, eras, topics];
  $('subtitle').innerHTML =
    facts.map((fact) => `<span>${escapeXml(fact)}</span>`).join(' · ') +
    ' · <span class="hint">hover a column for its summary</span>';
}

// ---------- tooltip: one delegated listener on the chart ----------

let current = null; // { model, layout }

/** What the workbench has drawn over the chart: a preview's eras and the gold boundaries. */
const workbench = { preview: null, parameters: null, gold: [] };

function tooltipHtml(model, column) {
  const period = model.periods[column];
  const era = model.eraOfColumn[column];
  const drift = model.drift[column];
  const top = [...period.topics].sort((a, b) => b.weight - a.weight).slice(0, 5);
  const maxTop = top[0]?.weight || 1;
  const topics = top
    .map(
      (t) =>
        `<li><span>${escapeXml(t.name)}</span><span class="tt-bar" style="width:${Math.round((t.weight / maxTop) * 100)}%"></span><span class="tt-weight">${fixed(t.weight)}</span></li>`,
    )
    .join('');
  const eraLine = era
    ? `<div class="tt-era${era.current ? ' current' : ''}">${era.current ? 'Current era' : 'Era'}: ${escapeXml(era.theme)}</div>`
    : '';
  let driftBlock = `<div class="tt-drift">First ${model.level} shown: no drift to compare.</div>`;
  if (drift) {
    const cosine =
      drift.cosineDistance === null ? '' : ` · embedding distance <b>${fixed(drift.cosineDistance)}</b>`;
    const chipRow = (label, names, kind) =>
      names.length
        ? `<div class="tt-chips"><span class="tt-chip-label">${label}</span>${names
            .slice(0, 8)
            .map((t) => `<span class="chip ${kind}">${escapeXml(t)}</span>`)
            .join('')}${names.length > 8 ? `<span class="tt-more">+${names.length - 8}</span>` : ''}</div>`
        : '';
    driftBlock =
      `<div class="tt-drift">Drift from ${formatDay(drift.previousStart)}: topic drift <b>${fixed(drift.topicDrift)}</b> ` +
      `(unsmoothed JSD ${fixed(drift.jsd)})${cosine}</div>` +
      chipRow('appeared', drift.appeared, 'up') +
      chipRow('faded', drift.faded, 'down');
  }
  return (
    `<div class="tt-head"><strong>${escapeXml(periodTitle(period, model.level))}</strong></div>` +
    eraLine +
    `<p class="tt-text">${escapeXml(period.text)}</p>` +
    (topics ? `<ul class="tt-topics">${topics}</ul>` : '') +
    driftBlock +
    `<div class="tt-meta">${period.messageCount} message${period.messageCount === 1 ? '' : 's'} · activity ${fixed(period.activityScore)}</div>`
  );
}

function columnAt(event) {
  if (!current) return -1;
  const svg = $('chart').querySelector('svg');
  if (!svg) return -1;
  const box = svg.getBoundingClientRect();
  const x = event.clientX - box.left;
  const y = event.clientY - box.top;
  const { layout } = current;
  if (x < layout.left || x >= layout.plotRight) return -1;
  if (y < layout.heat.y || y > layout.drift.y + layout.drift.height) return -1;
  return Math.min(current.model.periods.length - 1, Math.floor((x - layout.left) / layout.columnWidth));
}

let shownColumn = -1;

function showColumn(column, event) {
  const tooltip = $('tooltip');
  const hover = document.getElementById('hover');
  if (column < 0) {
    tooltip.hidden = true;
    hover?.setAttribute('visibility', 'hidden');
    shownColumn = -1;
    return;
  }
  const { model, layout } = current;
  if (column !== shownColumn) {
    tooltip.innerHTML = tooltipHtml(model, column);
    const x = layout.x(column);
    const rect = document.getElementById('hover-column');
    rect.setAttribute('x', String(x));
    rect.setAttribute('width', String(layout.columnWidth));
    const dot = document.getElementById('hover-dot');
    const point = model.drift[column];
    if (point) {
      const { drift } = layout;
      const y = drift.y + drift.height - (Math.min(point.topicDrift, drift.max) / drift.max) * drift.height;
      dot.setAttribute('cx', String(x + layout.columnWidth / 2));
      dot.setAttribute('cy', String(y));
      dot.setAttribute('visibility', 'visible');
    } else {
      dot.setAttribute('visibility', 'hidden');
    }
    hover.setAttribute('visibility', 'visible');
    shownColumn = column;
  }
  tooltip.hidden = false;
  // Beside the pointer, flipped to the left near the right edge and kept inside the window.
  const margin = 14;
  const { offsetWidth: w, offsetHeight: h } = tooltip;
  let left = event.clientX + margin;
  if (left + w > window.innerWidth - 8) left = event.clientX - margin - w;
  const top = Math.max(8, Math.min(event.clientY + margin, window.innerHeight - h - 8));
  tooltip.style.left = `${Math.max(8, left)}px`;
  tooltip.style.top = `${top}px`;
}

// ---------- page states ----------

function setState(state) {
  document.body.dataset.state = state;
}

function showMessage(state, text) {
  const message = $('message');
  message.textContent = text;
  message.hidden = false;
  $('chart').innerHTML = '';
  setState(state);
}

function draw(model) {
  const chart = $('chart');
  const width = Math.max(640, chart.clientWidth);
  // The notes under the chart stay on screen too.
  const availableHeight =
    window.innerHeight - chart.getBoundingClientRect().top - $('notes').offsetHeight - 20;
  const layout = computeLayout(model, width, availableHeight);
  $('chart').innerHTML = renderSvg(model, layout);
  current = { model, layout };
  shownColumn = -1;
}

function groupIdFromPath(pathname) {
  const match = /\/groups\/([^/]+)\/drift\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

async function errorText(response) {
  try {
    const body = await response.json();
    return body?.message ? `: ${body.message}` : '';
  } catch {
    return '';
  }
}

// ---------- the API key ----------

// With API keys configured, every /v1 route needs `Authorization: Bearer <key>`, the chart's included. The page asks
// for a key when the chart endpoint answers 401 or 403, keeps it in sessionStorage (this tab only, gone when the tab
// closes) and sends it in that header. It never reads a key from the address or puts one there.
const KEY_STORAGE = 'strata.apiKey';

function storedKey() {
  try {
    return sessionStorage.getItem(KEY_STORAGE) ?? '';
  } catch {
    return ''; // storage blocked: the page works without a key, or asks again
  }
}

function storeKey(key) {
  try {
    if (key) sessionStorage.setItem(KEY_STORAGE, key);
    else sessionStorage.removeItem(KEY_STORAGE);
  } catch {
    // storage blocked: the key lives as long as this page does
  }
  sessionKey = key;
}

/** The key of this page: the stored one, or the one typed here when storage is blocked. */
let sessionKey = storedKey();

function askForKey(state, text) {
  showMessage(state, text);
  $('key-form').hidden = false;
  $('forget-key').hidden = !sessionKey;
  $('api-key').value = '';
  $('api-key').focus();
}

/** What a 401 or 403 from the chart endpoint means to the reader, and what to do about it. */
async function keyProblem(response, groupId) {
  const detail = await errorText(response);
  if (response.status === 403) {
    return `This API key may not read group ${groupId} (HTTP 403)${detail}. Type a key that opens it.`;
  }
  return sessionKey
    ? `The server did not accept this API key (HTTP 401)${detail}. Type another one.`
    : `This server needs an API key to show the chart (HTTP 401). Type one below.`;
}

// ---------- loading ----------

async function main() {
  const groupId = groupIdFromPath(window.location.pathname);
  const params = new URLSearchParams(window.location.search);
  const level = LEVELS.includes(params.get('level')) ? params.get('level') : 'week';
  renderLevelSwitch(level);
  if (!groupId) {
    showMessage('error', 'This page lives at /groups/<groupId>/drift; no group id in the address.');
    return;
  }
  $('group-id').textContent = groupId;
  document.title = `Drift · ${groupId} · Strata`;

  const query = new URLSearchParams({ level });
  for (const key of ['from', 'to']) if (params.get(key)) query.set(key, params.get(key));
  const url = `/v1/groups/${encodeURIComponent(groupId)}/drift/chart?${query}`;
  const load = () =>
    loadChart(url, groupId, level).catch((err) =>
      showMessage('error', `The drift page failed: ${err?.message ?? err}`),
    );

  $('key-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const key = $('api-key').value.trim();
    if (!key) return;
    storeKey(key);
    load();
  });
  setUpWorkbench(groupId, level);
  $('forget-key').addEventListener('click', () => {
    storeKey('');
    askForKey('key', 'The key is forgotten. Type one to load the chart.');
  });
  await load();
}

async function loadChart(url, groupId, level) {
  const started = performance.now();
  $('key-form').hidden = true;
  $('message').textContent = 'Loading the drift chart…';
  $('message').hidden = false;
  setState('loading');
  const headers = { accept: 'application/json' };
  if (sessionKey) headers.authorization = `Bearer ${sessionKey}`;
  let response;
  try {
    response = await fetch(url, { headers });
  } catch (err) {
    showMessage('error', `Could not reach the server (${err.message}).`);
    return;
  }
  if (response.status === 401 || response.status === 403) {
    askForKey(response.status === 403 ? 'forbidden' : 'key', await keyProblem(response, groupId));
    return;
  }
  if (!response.ok) {
    const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    showMessage('error', `Could not load the drift chart (${status})${await errorText(response)}`);
    return;
  }
  let chart;
  try {
    chart = await response.json();
  } catch {
    showMessage('error', 'The server answered with something that is not JSON.');
    return;
  }
  if (!Array.isArray(chart.periods) || chart.periods.length === 0) {
    showMessage(
      'empty',
      `No ${level} summaries for ${groupId} yet. Ingest memories and let the aggregation cycle run, or try another level.`,
    );
    return;
  }

  const model = buildModel({
    ...chart,
    level: chart.level ?? level,
    drift: chart.drift ?? [],
    eras: chart.eras ?? [],
  });
  renderSubtitle(model);
  renderLegend(model);
  renderNotes(model);
  $('message').hidden = true;
  const drawStarted = performance.now();
  draw(model);
  document.body.dataset.renderMs = String(Math.round(performance.now() - drawStarted));
  document.body.dataset.loadMs = String(Math.round(performance.now() - started));
  // performance.now() counts from the start of navigation: the time a reader waits for the chart.
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  setState('ready');
  $('workbench').hidden = false;
  listen();
}

let listening = false;

/** Hover and resize follow whatever chart is drawn last; attached once. */
function listen() {
  if (listening) return;
  listening = true;
  const chartElement = $('chart');
  chartElement.addEventListener('mousemove', (event) => showColumn(columnAt(event), event));
  chartElement.addEventListener('mouseleave', (event) => showColumn(-1, event));
  let pending = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => current && draw(current.model));
  });
}

main().catch((err) => showMessage('error', `The drift page failed: ${err?.message ?? err}`));

// ---------- the era workbench: what-if eras, gold scores, downloads ----------

/** A /v1 request with the page's key, as the chart's. */
function apiFetch(path, init = {}) {
  const headers = { accept: 'application/json', ...(init.headers ?? {}) };
  if (sessionKey) headers.authorization = `Bearer ${sessionKey}`;
  return fetch(path, { ...init, headers });
}

function postJson(path, body) {
  return apiFetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The preview form's parameters: only those filled in, as numbers. */
function previewParameters() {
  const parameters = {};
  const fields = [
    ['minDays', 'preview-min-days'],
    ['maxEras', 'preview-max-eras'],
    ['penalty', 'preview-penalty'],
  ];
  for (const [name, id] of fields) {
    const raw = $(id).value.trim();
    if (raw !== '') parameters[name] = Number(raw);
  }
  if ($('preview-signal').value) parameters.signal = $('preview-signal').value;
  return parameters;
}

/**
 * Gold boundaries from a CSV or a plain list, as the server reads them: the first field of each line a date
 * (YYYY-MM-DD, or a timestamp whose date is taken), a first line that is not one a header. Throws naming the line.
 */
function parseGold(text) {
  const days = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const field = (line.split(',')[0] ?? '').trim().replace(/^"|"$/g, '');
    if (field === '') return;
    const day = field.slice(0, 10);
    if (/^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`))) days.push(day);
    else if (!(index === 0 && days.length === 0))
      throw new Error(`line ${index + 1}: "${field}" is not a date`);
  });
  return days;
}

function redraw() {
  if (current) draw(current.model);
}

function download(name, blob) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function scoreRows(score) {
  const f = (v) => fixed(v, 3);
  const rows = [
    ['Pk', `${f(score.pk)} (k = ${score.k} days, as NLTK's pk)`],
    ['WindowDiff', `${f(score.windowDiff)} (NLTK's windowdiff)`],
    [
      `Within ${score.marginDays} days`,
      `precision ${f(score.precision)}, recall ${f(score.recall)}, F1 ${f(score.f1)}`,
    ],
    ['Hausdorff', score.hausdorffDays === null ? 'n/a' : `${score.hausdorffDays} days`],
    [
      'Boundaries',
      `${score.goldBoundaries} gold, ${score.foundBoundaries} ${workbench.preview ? 'in the preview' : 'stored'}`,
    ],
  ];
  return rows
    .map(([name, value]) => `<tr><th>${escapeXml(name)}</th><td>${escapeXml(value)}</td></tr>`)
    .join('');
}

function setUpWorkbench(groupId, level) {
  const base = `/v1/groups/${encodeURIComponent(groupId)}`;
  $('preview-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const parameters = previewParameters();
    $('preview-result').textContent = 'Previewing…';
    const response = await postJson(`${base}/eras/preview`, parameters).catch((err) => err);
    if (!(response instanceof Response) || !response.ok) {
      const why =
        response instanceof Response
          ? `HTTP ${response.status}${await errorText(response)}`
          : response.message;
      $('preview-result').textContent = `The preview failed (${why}).`;
      return;
    }
    const preview = await response.json();
    workbench.preview = preview;
    workbench.parameters = parameters;
    const used = preview.parameters;
    $('preview-result').textContent =
      `Preview (dashed, nothing written): ${preview.eras.length} era${preview.eras.length === 1 ? '' : 's'} ` +
      `with eras of at least ${used.minDays} days, ${used.maxEras} kept, penalty ${used.penalty ?? 'from the series'}, ` +
      `reading ${used.signal}` +
      (preview.eras.length > 1
        ? `; boundaries ${preview.eras
            .slice(1)
            .map((e) => e.start)
            .join(', ')}`
        : '');
    $('preview-clear').hidden = false;
    redraw();
  });
  $('preview-clear').addEventListener('click', () => {
    workbench.preview = null;
    workbench.parameters = null;
    $('preview-result').textContent = '';
    $('preview-clear').hidden = true;
    redraw();
  });
  $('gold-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const file = $('gold-file').files?.[0];
    if (!file) return;
    let gold;
    try {
      gold = parseGold(await file.text());
    } catch (err) {
      $('gold-result').textContent = `${file.name}: ${err.message}`;
      return;
    }
    const body = { gold, marginDays: Number($('gold-margin').value || 7) };
    if (workbench.parameters) body.preview = workbench.parameters;
    const response = await postJson(`${base}/eras/score`, body).catch((err) => err);
    if (!(response instanceof Response) || !response.ok) {
      const why =
        response instanceof Response
          ? `HTTP ${response.status}${await errorText(response)}`
          : response.message;
      $('gold-result').textContent = `Scoring failed (${why}).`;
      return;
    }
    const score = await response.json();
    workbench.gold = gold;
    $('gold-result').textContent =
      `${gold.length} gold boundar${gold.length === 1 ? 'y' : 'ies'} (dotted), scored against the ` +
      `${workbench.preview ? 'preview' : 'stored eras'} over ${score.days} days:`;
    $('scores').innerHTML = scoreRows(score);
    $('scores').hidden = false;
    redraw();
  });
  $('download-svg').addEventListener('click', () => {
    const svg = $('chart').querySelector('svg');
    if (!svg) return;
    download(`drift-${groupId}-${level}.svg`, new Blob([svg.outerHTML], { type: 'image/svg+xml' }));
  });
  $('download-csv').addEventListener('click', async () => {
    const response = await apiFetch(`${base}/drift?level=${level}&format=csv`, {
      headers: { accept: 'text/csv' },
    });
    if (!response.ok) return;
    download(`drift-${groupId}-${level}.csv`, await response.blob());
  });
}
