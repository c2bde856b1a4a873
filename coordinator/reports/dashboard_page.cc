#include "coordinator/reports/dashboard_page.h"

namespace tumen::coordinator {
namespace {

// Shared by both pages: style, formatting helpers and the polling loop.
constexpr char kHead[] = R"(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tumen farm</title>
<style>
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}
th,td{border-bottom:1px solid #ddd;padding:.25em .6em;text-align:left;white-space:nowrap}
th{background:#f3f3f3}
.bar{display:inline-block;width:8em;height:.7em;background:#eee;vertical-align:middle}
.bar>span{display:block;height:100%;background:#4a7}
.running{color:#06c}.failed{color:#c00}.H1{color:#080;font-weight:bold}
.H0{color:#c00;font-weight:bold}#updated{color:#888;font-size:.9em}
</style></head><body>
<script>
function cell(row, text, cls) {
  const td = document.createElement('td');
  td.textContent = text === undefined ? '' : text;
  if (cls) td.className = cls;
  row.appendChild(td);
  return td;
}
function num(x) { return Number(x || 0); }
function kind(spec) {
  if (spec.book) return 'book';
  if (spec.analysis) return 'analysis';
  if (spec.balance) return 'balance';
  return spec.spsa && spec.spsa.params ? 'spsa' : 'match';
}
function tcText(tc) {
  if (!tc) return '';
  if (num(tc.nodes)) return 'nodes=' + num(tc.nodes);
  if (num(tc.depth)) return 'depth=' + num(tc.depth);
  if (num(tc.movetime_ms)) return 'movetime=' + num(tc.movetime_ms);
  if (num(tc.base_ms)) return num(tc.base_ms) / 1000 + '+' + num(tc.increment_ms) / 1000;
  return '';
}
function firstArm(spec) {
  return spec.match || (spec.balance && spec.balance.arms[0]) || spec.analysis || spec.book || {};
}
function stateName(s) { return (s || '').replace('JOB_STATE_', '').toLowerCase(); }
function bar(row, done, total) {
  const td = cell(row, '');
  const b = document.createElement('span');
  b.className = 'bar';
  const f = document.createElement('span');
  f.style.width = (total ? Math.min(100, 100 * done / total) : 0) + '%';
  b.appendChild(f);
  td.appendChild(b);
  td.appendChild(document.createTextNode(' ' + done + '/' + total));
}
function hasSprt(spec) {
  return spec.match && spec.match.sprt && spec.match.sprt.elo0 !== spec.match.sprt.elo1;
}
function eloText(m) {
  return (m.elo >= 0 ? '+' : '') + m.elo.toFixed(1) + ' [' + m.elo_lower.toFixed(1) + ', ' +
      m.elo_upper.toFixed(1) + ']';
}
// An SVG line chart: `lines` are {ys, color, dash}; `band` {lo, hi} shades a range.
function chart(container, title, xs, lines, band, xlabel) {
  const W = 520, H = 180, L = 48, R = 10, T = 22, B = 26;
  const all = lines.flatMap(l => l.ys).concat(band ? band.lo.concat(band.hi) : []);
  if (!xs.length || !all.length) { container.replaceChildren(); return; }
  let lo = Math.min(...all), hi = Math.max(...all);
  if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
  const x0 = Math.min(...xs), x1 = Math.max(...xs, x0 + 1);
  const X = x => L + (W - L - R) * (x - x0) / (x1 - x0);
  const Y = y => T + (H - T - B) * (hi - y) / (hi - lo);
  const path = ys => ys.map((y, i) => (i ? 'L' : 'M') + X(xs[i]).toFixed(1) + ' ' + Y(y).toFixed(1)).join(' ');
  let svg = '<svg xmlns="http://www.w3.org/2000/svg" width="' + W + '" height="' + H + '">' +
      '<text x="' + L + '" y="14" font-size="13">' + title + '</text>' +
      '<line x1="' + L + '" y1="' + (H - B) + '" x2="' + (W - R) + '" y2="' + (H - B) + '" stroke="#999"/>' +
      '<line x1="' + L + '" y1="' + T + '" x2="' + L + '" y2="' + (H - B) + '" stroke="#999"/>' +
      '<text x="2" y="' + (T + 10) + '" font-size="11">' + hi.toFixed(1) + '</text>' +
      '<text x="2" y="' + (H - B) + '" font-size="11">' + lo.toFixed(1) + '</text>' +
      '<text x="' + (W - R - 60) + '" y="' + (H - 6) + '" font-size="11">' + x1 + ' ' + xlabel + '</text>';
  if (band)
    svg += '<path fill="#cde" d="' + path(band.hi) + ' ' +
        band.lo.map((y, i) => 'L' + X(xs[i]).toFixed(1) + ' ' + Y(y).toFixed(1)).reverse().join(' ') + ' Z"/>';
  for (const l of lines)
    svg += '<path fill="none" stroke="' + l.color + '"' + (l.dash ? ' stroke-dasharray="4 3"' : '') +
        ' d="' + path(l.ys) + '"/>';
  container.innerHTML = svg + '</svg>';
}
function poll(refresh) {
  const run = () => refresh().then(() => {
    document.getElementById('updated').textContent =
        'updated ' + new Date().toLocaleTimeString();
  }).catch(e => { document.getElementById('updated').textContent = 'offline: ' + e; });
  run();
  setInterval(run, 2000);
}
</script>
)";

constexpr char kJobsBody[] = R"(<h1>Tumen farm</h1><p id="updated"></p>
<p><a href="/speed">speed over time</a> &middot; <a href="/metrics">metrics</a></p>
<h2>Jobs</h2>
<table id="jobs"><thead><tr><th>job</th><th>kind</th><th>variant</th><th>rules</th><th>tc</th>
<th>state</th><th>progress</th><th>W / D / L</th><th>Elo (95%)</th><th>LLR [bounds]</th>
<th>created</th></tr></thead><tbody></tbody></table>
<h2>Workers</h2>
<table id="workers"><thead><tr><th>name</th><th>version</th><th>bench</th><th>cores</th>
<th>games</th><th>games/min</th><th>nodes/s</th><th>bench nodes/s</th><th>last seen</th>
<th>leases</th><th>builds</th></tr></thead><tbody></tbody></table>
<script>
async function refresh() {
  const [jobs, workers] = await Promise.all(
      [fetch('/api/jobs').then(r => r.json()), fetch('/api/workers').then(r => r.json())]);
  const list = (jobs.jobs || []).slice().sort((a, b) =>
      (a.state === 'JOB_STATE_RUNNING' ? 0 : 1) - (b.state === 'JOB_STATE_RUNNING' ? 0 : 1) ||
      num(b.job_id) - num(a.job_id));
  const body = document.querySelector('#jobs tbody');
  body.replaceChildren();
  for (const j of list) {
    const row = body.insertRow();
    row.id = 'job-' + num(j.job_id);
    const link = document.createElement('a');
    link.href = '/job/' + num(j.job_id);
    link.textContent = num(j.job_id);
    cell(row, '').appendChild(link);
    const arm = firstArm(j.spec);
    cell(row, kind(j.spec));
    cell(row, arm.variant);
    cell(row, arm.rules || '-');
    cell(row, tcText(arm.tc));
    cell(row, stateName(j.state), stateName(j.state));
    bar(row, num(j.games_stored), num(j.games_total));
    const m = j.match || {};
    cell(row, j.match ? num(m.wins) + ' / ' + num(m.draws) + ' / ' + num(m.losses) : '', 'wdl');
    cell(row, j.match && num(j.games_stored) ? eloText(m) : '', 'elo');
    cell(row, hasSprt(j.spec) ? m.llr.toFixed(2) + ' [' + m.llr_lower.toFixed(2) + ', ' +
        m.llr_upper.toFixed(2) + '] ' + m.sprt_decision : '', m.sprt_decision || 'llr');
    cell(row, new Date(num(j.created_unix_ms)).toLocaleString());
  }
  const wbody = document.querySelector('#workers tbody');
  wbody.replaceChildren();
  for (const w of workers.workers || []) {
    const row = wbody.insertRow();
    cell(row, w.name);
    cell(row, w.engine_version);
    cell(row, num(w.bench_signature));
    cell(row, w.cores);
    cell(row, num(w.games));
    cell(row, w.games_per_minute.toFixed(2));
    cell(row, Math.round(w.nodes_per_second));
    cell(row, Math.round(w.bench_nps));
    cell(row, ((Date.now() - num(w.last_seen_unix_ms)) / 1000).toFixed(0) + ' s ago');
    cell(row, w.active_leases);
    cell(row, w.builds ? 'yes' : 'no');
  }
}
poll(refresh);
</script></body></html>
)";

constexpr char kJobBody[] = R"(<p><a href="/">all jobs</a></p><h1 id="title">job</h1>
<p id="updated"></p><p id="summary"></p>
<table id="match"><tbody></tbody></table>
<table id="players"><tbody></tbody></table>
<div id="elo-chart"></div><div id="llr-chart"></div>
<h2 id="spsa-title" hidden>SPSA parameters</h2><table id="spsa"><tbody></tbody></table>
<div id="spsa-charts"></div>
<h2 id="arms-title" hidden>Arms</h2><p><a id="report" hidden>the study's report</a></p><table id="arms"><thead></thead><tbody></tbody></table>
<p id="book"></p><p id="failure" class="failed"></p>
<p id="games-links" hidden><a id="pgn">games as PGN</a> &middot; <a id="binpb">games as protobuf
(length-delimited tumen.v1.Game)</a> &middot; <a id="viewer">view the games</a></p>
<p id="book-links" hidden><a id="polyglot">the book as Polyglot .bin</a> (8&times;8 games)</p>
<script>
const id = Number(location.pathname.split('/').pop());
document.getElementById('pgn').href = '/api/jobs/' + id + '/games.pgn';
document.getElementById('binpb').href = '/api/jobs/' + id + '/games.binpb';
document.getElementById('viewer').href = '/game/' + id + '/0/0';
document.getElementById('polyglot').href = '/api/jobs/' + id + '/book.bin';
function pairs(table, rows) {
  const body = document.querySelector(table + ' tbody');
  body.replaceChildren();
  for (const [name, value, cls] of rows) {
    const row = body.insertRow();
    const th = document.createElement('th');
    th.textContent = name;
    row.appendChild(th);
    cell(row, value, cls);
  }
}
async function refresh() {
  const j = await fetch('/api/jobs/' + id).then(r => r.json());
  const arm = firstArm(j.spec);
  document.getElementById('title').textContent = 'Job ' + id + ': ' + kind(j.spec) + ', ' +
      arm.variant + ' ' + tcText(arm.tc);
  document.getElementById('summary').textContent = stateName(j.state) + ', ' +
      num(j.games_stored) + ' of ' + num(j.games_total) + ' done' +
      (j.waiting && j.waiting.reason ? '; waiting: ' + j.waiting.reason : '');
  document.getElementById('games-links').hidden = !(j.spec.match || j.spec.balance);
  document.getElementById('book-links').hidden = !j.spec.book;
  const m = j.match || {};
  if (j.match && !j.spec.balance) {
    const rows = [['W / D / L', num(m.wins) + ' / ' + num(m.draws) + ' / ' + num(m.losses), 'wdl'],
                  ['pentanomial', (m.pentanomial || []).map(num).join(', '), 'pentanomial'],
                  ['Elo (95%)', eloText(m), 'elo'],
                  ['LOS', (100 * m.los).toFixed(1) + '%', 'los']];
    if (hasSprt(j.spec))
      rows.push(['SPRT', 'elo0=' + j.spec.match.sprt.elo0 + ' elo1=' + j.spec.match.sprt.elo1 +
                 '  LLR ' + m.llr.toFixed(2) + ' [' + m.llr_lower.toFixed(2) + ', ' +
                 m.llr_upper.toFixed(2) + '] ' + (m.sprt_decision ||
                 (j.state === 'JOB_STATE_RUNNING' ? 'running' : 'no decision within the game budget')),
                 m.sprt_decision || 'llr']);
    pairs('#match', rows);
    const players = [];
    for (const [side, e] of [['A', j.spec.match.engine_a], ['B', j.spec.match.engine_b]]) {
      if (e && e.build && e.build.commit)
        players.push([side, e.build.commit.slice(0, 10) + ' bench ' + num(e.build.bench_signature) +
                      ' ' + e.build.subject]);
      else if (e && e.name) players.push([side, e.name]);
    }
    pairs('#players', players);
  }
  if (j.match && j.spec.match) {
    // The first few pairs' estimates span the whole scale; the charts start at 10 games.
    const all = (await fetch('/api/jobs/' + id + '/progress').then(r => r.json())).points;
    const points = all.filter(p => p[0] >= 10).length > 1 ? all.filter(p => p[0] >= 10) : all;
    const games = points.map(p => p[0]);
    chart(document.getElementById('elo-chart'), 'Elo (95% interval) against games', games,
          [{ys: points.map(p => p[1]), color: '#06c'}],
          {lo: points.map(p => p[2]), hi: points.map(p => p[3])}, 'games');
    if (hasSprt(j.spec)) {
      const n = games.length;
      chart(document.getElementById('llr-chart'), 'LLR against games', games,
            [{ys: points.map(p => p[4]), color: '#080'},
             {ys: Array(n).fill(m.llr_lower), color: '#c00', dash: true},
             {ys: Array(n).fill(m.llr_upper), color: '#080', dash: true}], null, 'games');
    }
  }
  if (j.spsa && j.spsa.names && j.spsa.names.length) {
    document.getElementById('spsa-title').hidden = false;
    pairs('#spsa', j.spsa.names.map((n, i) => [n, j.spsa.theta[i].toFixed(2)]));
    const history = j.spsa.history || [];
    const box = document.getElementById('spsa-charts');
    while (box.children.length < j.spsa.names.length) box.appendChild(document.createElement('div'));
    j.spsa.names.forEach((name, i) => chart(box.children[i], name + ': theta against pairs',
        history.map(h => num(h.pairs_applied)), [{ys: history.map(h => h.theta[i]), color: '#06c'}],
        null, 'pairs'));
  }
  if (j.arms && j.arms.length) {
    document.getElementById('arms-title').hidden = false;
    const report = document.getElementById('report');
    report.hidden = false;
    report.href = '/job/' + id + '/report';
    document.querySelector('#arms thead').innerHTML =
        '<tr><th>variant</th><th>rules</th><th>nodes</th><th>games</th><th>first player wins</th>' +
        '<th>draws</th><th>second player wins</th></tr>';
    const body = document.querySelector('#arms tbody');
    body.replaceChildren();
    for (const a of j.arms) {
      const row = body.insertRow();
      const n = num(a.white_wins) + num(a.draws) + num(a.black_wins);
      for (const v of [a.variant, a.rules || '-', num(a.nodes), n + '/' + num(a.games_total),
                       num(a.white_wins), num(a.draws), num(a.black_wins)])
        cell(row, v);
    }
  }
  if (j.book && j.spec.book)
    document.getElementById('book').textContent = 'book: ' + j.book.nodes + ' nodes, root ' +
        j.book.root_value + ' cp, best line ' + j.book.best_line;
  document.getElementById('failure').textContent = j.failure || '';
}
poll(refresh);
</script></body></html>
)";

constexpr char kGameBody[] = R"(<p><a id="back">the job</a> &middot; <a id="prev">previous game</a>
&middot; <a id="next">next game</a></p>
<h1 id="title">game</h1><p id="players"></p><p id="updated"></p>
<div id="board"></div>
<p><button id="first">&laquo;</button> <button id="back1">&lsaquo;</button>
<button id="fwd1">&rsaquo;</button> <button id="last">&raquo;</button> <span id="ply"></span></p>
<p id="info"></p><ol id="moves"></ol>
<script>
const [job, pair, colour] = location.pathname.split('/').slice(2).map(Number);
document.getElementById('back').href = '/job/' + job;
document.getElementById('prev').href = '/game/' + job + '/' + (colour ? pair : Math.max(0, pair - 1)) + '/' + (colour ? 0 : 1);
document.getElementById('next').href = '/game/' + job + '/' + (colour ? pair + 1 : pair) + '/' + (colour ? 0 : 1);
let game = null, ply = 0;
// The cells of a FEN's board field: rows of null (empty) or piece letters.
function rows(fen) {
  return fen.split(' ')[0].split('/').map(r => {
    const cells = [];
    for (const m of r.matchAll(/(\d+)|([A-Za-z])/g))
      if (m[1]) for (let k = 0; k < Number(m[1]); ++k) cells.push(null); else cells.push(m[2]);
    return cells;
  });
}
function piece(x, y, p, r) {
  const white = p === p.toUpperCase();
  return '<circle cx="' + x + '" cy="' + y + '" r="' + r + '" fill="' + (white ? '#fff' : '#333') +
      '" stroke="#333"/><text x="' + x + '" y="' + (y + r * 0.4) + '" font-size="' + r * 1.1 +
      '" text-anchor="middle" fill="' + (white ? '#000' : '#fff') + '" class="piece">' + p + '</text>';
}
// Deer chess: the board file's points and lines, the FEN's cells in the points' order.
function drawPoints(fen, S) {
  const pts = game.board.points, cells = rows(fen).flat();
  const xs = pts.map(p => p[0]), ys = pts.map(p => p[1]);
  const x0 = Math.min(...xs), y1 = Math.max(...ys);
  const at = p => [5 + (p[0] - x0) * S + S / 2, 5 + (y1 - p[1]) * S + S / 2];
  let svg = '<svg xmlns="http://www.w3.org/2000/svg" width="' + ((Math.max(...xs) - x0 + 1) * S + 10) +
      '" height="' + ((y1 - Math.min(...ys) + 1) * S + 10) + '" data-fen="' + fen + '">';
  for (const [i, j] of game.board.edges) {
    const [ax, ay] = at(pts[i]), [bx, by] = at(pts[j]);
    svg += '<line class="edge" x1="' + ax + '" y1="' + ay + '" x2="' + bx + '" y2="' + by +
        '" stroke="#a86" stroke-width="2"/>';
  }
  pts.forEach((p, k) => {
    const [cx, cy] = at(p);
    svg += '<circle cx="' + cx + '" cy="' + cy + '" r="3" fill="#a86"><title>' + p[2] + '</title></circle>';
    if (cells[k]) svg += piece(cx, cy, cells[k], S * 0.34);
  });
  return svg + '</svg>';
}
function draw() {
  const fen = ply ? game.plies[ply - 1].fen : game.start;
  if (game.board) {
    document.getElementById('board').innerHTML = drawPoints(fen, 44);
    return describePly();
  }
  const b = rows(fen), S = 44, width = Math.max(...b.map(r => r.length));
  const points = game.variant.startsWith('xiangqi');
  let svg = '<svg xmlns="http://www.w3.org/2000/svg" width="' + (width * S + 10) + '" height="' +
      (b.length * S + 10) + '" data-fen="' + fen + '">';
  b.forEach((row, y) => {
    row.forEach((p, x) => {
      const cx = 5 + x * S + S / 2, cy = 5 + y * S + S / 2;
      if (points) {
        svg += '<line x1="' + (cx - S / 2) + '" y1="' + cy + '" x2="' + (cx + S / 2) + '" y2="' + cy +
            '" stroke="#a86"/><line x1="' + cx + '" y1="' + (cy - S / 2) + '" x2="' + cx + '" y2="' +
            (cy + S / 2) + '" stroke="#a86"/>';
      } else {
        svg += '<rect x="' + (cx - S / 2) + '" y="' + (cy - S / 2) + '" width="' + S + '" height="' +
            S + '" fill="' + ((x + y) % 2 ? '#b58863' : '#f0d9b5') + '"/>';
      }
      if (p) svg += piece(cx, cy, p, S * 0.38);
    });
  });
  document.getElementById('board').innerHTML = svg + '</svg>';
  describePly();
}
function describePly() {
  document.getElementById('ply').textContent = 'ply ' + ply + ' of ' + game.plies.length;
  const m = ply ? game.plies[ply - 1] : null;
  document.getElementById('info').textContent = m ? m.san + ': score ' + m.score_cp + ' cp, depth ' +
      m.depth + ', ' + m.nodes + ' nodes' : 'start position';
  const items = document.querySelectorAll('#moves li');
  items.forEach((li, i) => li.style.fontWeight = i === ply - 1 ? 'bold' : '');
}
function go(p) { ply = Math.max(0, Math.min(game.plies.length, p)); draw(); }
async function load() {
  game = await fetch('/api/games/' + job + '/' + pair + '/' + colour).then(r => {
    if (!r.ok) throw new Error('no such game');
    return r.json();
  });
  document.getElementById('title').textContent = 'Job ' + job + ', pair ' + pair + ', colour ' +
      colour + ': ' + game.variant + (game.rules ? ' (' + game.rules + ')' : '');
  document.getElementById('players').textContent = game.white + ' - ' + game.black + '  ' +
      game.result + ' (' + game.termination + ')';
  const list = document.getElementById('moves');
  game.plies.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = m.san + ' (' + m.score_cp + ')';
    li.onclick = () => go(i + 1);
    list.appendChild(li);
  });
  go(Number((location.hash.match(/ply=(\d+)/) || [0, 0])[1]));  // #ply=N opens at ply N
}
document.getElementById('first').onclick = () => go(0);
document.getElementById('back1').onclick = () => go(ply - 1);
document.getElementById('fwd1').onclick = () => go(ply + 1);
document.getElementById('last').onclick = () => go(game.plies.length);
document.onkeydown = e => { if (e.key === 'ArrowLeft') go(ply - 1); if (e.key === 'ArrowRight') go(ply + 1); };
load().catch(e => { document.getElementById('updated').textContent = String(e); });
</script></body></html>
)";

constexpr char kSpeedBody[] = R"(<p><a href="/">all jobs</a></p>
<h1>Speed over time</h1><p id="updated"></p>
<p>Median items per second (nodes/s) of each benchmark of <code>scripts/bench.sh</code>, one
point per run, oldest first. Runs compare only on one machine.</p>
<div id="charts"></div>
<script>
async function refresh() {
  const runs = await fetch('/api/bench-history').then(r => r.json());
  const series = new Map();  // benchmark -> [[run index, items/s]]
  runs.forEach((run, i) => {
    for (const b of run.benchmarks || []) {
      if (!b.name.endsWith('_median') || !b.items_per_second) continue;
      const name = b.name.slice(0, -'_median'.length);
      if (!series.has(name)) series.set(name, []);
      series.get(name).push([i, b.items_per_second]);
    }
  });
  const box = document.getElementById('charts');
  box.replaceChildren();
  for (const [name, points] of series) {
    const div = document.createElement('div');
    div.className = 'speed-chart';
    box.appendChild(div);
    const last = runs[points[points.length - 1][0]].context || {};
    chart(div, name + ' (last ' + (last.tumen_commit || '').slice(0, 7) + ': ' +
          (points[points.length - 1][1] / 1e6).toFixed(2) + ' M/s)', points.map(p => p[0] + 1),
          [{ys: points.map(p => p[1] / 1e6), color: '#06c'}], null, 'runs');
  }
}
poll(refresh);
</script></body></html>
)";

}  // namespace

const std::string& DashboardPage() {
  static const std::string page = std::string(kHead) + kJobsBody;
  return page;
}

const std::string& JobPage() {
  static const std::string page = std::string(kHead) + kJobBody;
  return page;
}

const std::string& GamePage() {
  static const std::string page = std::string(kHead) + kGameBody;
  return page;
}

const std::string& SpeedPage() {
  static const std::string page = std::string(kHead) + kSpeedBody;
  return page;
}

}  // namespace tumen::coordinator
