#include "coordinator/server/game_store.h"

#include <sqlite3.h>

#include <filesystem>

#include "absl/strings/str_cat.h"

namespace tumen::coordinator {
namespace {

absl::Status SqlError(sqlite3* db, absl::string_view what) {
  return absl::InternalError(absl::StrCat("store: ", what, ": ", sqlite3_errmsg(db)));
}

// RAII for prepared statements.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) {
    ok_ = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) == SQLITE_OK;
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  bool ok() const { return ok_; }
  sqlite3_stmt* get() { return stmt_; }
  void BindInt(int i, int64_t v) { sqlite3_bind_int64(stmt_, i, v); }
  void BindText(int i, const std::string& s) {
    sqlite3_bind_text(stmt_, i, s.data(), int(s.size()), SQLITE_TRANSIENT);
  }
  void BindBlob(int i, const std::string& s) {
    sqlite3_bind_blob(stmt_, i, s.data(), int(s.size()), SQLITE_TRANSIENT);
  }
  int Step() { return sqlite3_step(stmt_); }
  void Reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  int64_t Int(int col) { return sqlite3_column_int64(stmt_, col); }
  std::string Text(int col) {
    const unsigned char* t = sqlite3_column_text(stmt_, col);
    return t ? std::string(reinterpret_cast<const char*>(t)) : std::string();
  }
  std::string Blob(int col) {
    const void* b = sqlite3_column_blob(stmt_, col);
    return b ? std::string(static_cast<const char*>(b), size_t(sqlite3_column_bytes(stmt_, col)))
             : std::string();
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  bool ok_ = false;
};

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  spec BLOB NOT NULL,
  state INTEGER NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
  job_id INTEGER NOT NULL,
  pair INTEGER NOT NULL,
  colour INTEGER NOT NULL,
  shard_id INTEGER NOT NULL,
  result INTEGER NOT NULL,
  game BLOB NOT NULL,
  PRIMARY KEY (job_id, pair, colour)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS spsa_pairs (
  job_id INTEGER NOT NULL,
  pair INTEGER NOT NULL,
  perturbation BLOB NOT NULL,
  applied_seq INTEGER,
  PRIMARY KEY (job_id, pair)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS analyses (
  job_id INTEGER NOT NULL,
  task_id INTEGER NOT NULL,
  result BLOB NOT NULL,
  PRIMARY KEY (job_id, task_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS job_state (
  job_id INTEGER PRIMARY KEY,
  state BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS workers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  engine_version TEXT NOT NULL,
  cores INTEGER NOT NULL,
  bench_signature INTEGER NOT NULL DEFAULT 0,
  registered_ms INTEGER NOT NULL,
  last_seen_ms INTEGER NOT NULL,
  games INTEGER NOT NULL,
  nodes INTEGER NOT NULL
);
)sql";

}  // namespace

absl::StatusOr<std::unique_ptr<GameStore>> GameStore::Open(const std::string& data_dir) {
  std::error_code ec;
  std::filesystem::create_directories(data_dir, ec);
  if (ec)
    return absl::InvalidArgumentError(
        absl::StrCat("cannot create data directory ", data_dir, ": ", ec.message()));
  const std::string path = data_dir + "/tumen.db";
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                      nullptr) != SQLITE_OK) {
    const std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return absl::UnavailableError(absl::StrCat("cannot open ", path, ": ", message));
  }
  std::unique_ptr<GameStore> store(new GameStore(db));
  absl::MutexLock lock(&store->mutex_);
  sqlite3_busy_timeout(db, 5000);
  // WAL: readers do not block the writer. synchronous=FULL: a commit that returned is on disk.
  // The WAL is copied back into the database by Checkpoint(), called off the request path,
  // not by whichever commit crosses SQLite's page threshold.
  for (const char* sql : {"PRAGMA journal_mode=WAL;", "PRAGMA synchronous=FULL;",
                          "PRAGMA wal_autocheckpoint=0;", kSchema}) {
    if (absl::Status s = store->Exec(sql); !s.ok()) return s;
  }
  // Stores made before workers reported a bench signature get the column (an error only
  // means it is there already).
  (void)store->Exec("ALTER TABLE workers ADD COLUMN bench_signature INTEGER NOT NULL DEFAULT 0;");
  // The same for later columns: why a job failed, and a worker's bench speed.
  (void)store->Exec("ALTER TABLE jobs ADD COLUMN failure TEXT NOT NULL DEFAULT '';");
  (void)store->Exec("ALTER TABLE workers ADD COLUMN bench_nps INTEGER NOT NULL DEFAULT 0;");
  return store;
}

GameStore::~GameStore() {
  absl::MutexLock lock(&mutex_);
  sqlite3_close(db_);
}

absl::Status GameStore::Exec(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error ? error : "unknown error";
    sqlite3_free(error);
    return absl::InternalError(absl::StrCat("store: ", message));
  }
  return absl::OkStatus();
}

absl::StatusOr<uint64_t> GameStore::CreateJob(const v1::JobSpec& spec, int64_t now_unix_ms) {
  absl::MutexLock lock(&mutex_);
  Statement st(db_, "INSERT INTO jobs (spec, state, created_ms) VALUES (?, ?, ?)");
  if (!st.ok()) return SqlError(db_, "prepare job insert");
  st.BindBlob(1, spec.SerializeAsString());
  st.BindInt(2, v1::JOB_STATE_RUNNING);
  st.BindInt(3, now_unix_ms);
  if (st.Step() != SQLITE_DONE) return SqlError(db_, "insert job");
  return uint64_t(sqlite3_last_insert_rowid(db_));
}

absl::Status GameStore::SetJobState(uint64_t job_id, v1::JobState state,
                                    const std::string& failure) {
  absl::MutexLock lock(&mutex_);
  Statement st(db_, "UPDATE jobs SET state = ?, failure = ? WHERE id = ?");
  if (!st.ok()) return SqlError(db_, "prepare job update");
  st.BindInt(1, state);
  st.BindText(2, failure);
  st.BindInt(3, int64_t(job_id));
  if (st.Step() != SQLITE_DONE) return SqlError(db_, "update job");
  return absl::OkStatus();
}

absl::StatusOr<std::vector<StoredJob>> GameStore::LoadJobs() {
  absl::MutexLock lock(&mutex_);
  Statement st(db_, "SELECT id, spec, state, created_ms, failure FROM jobs ORDER BY id");
  if (!st.ok()) return SqlError(db_, "prepare job load");
  std::vector<StoredJob> jobs;
  while (st.Step() == SQLITE_ROW) {
    StoredJob job;
    job.id = uint64_t(st.Int(0));
    if (!job.spec.ParseFromString(st.Blob(1)))
      return absl::DataLossError(absl::StrCat("store: job ", job.id, " has an unreadable spec"));
    job.state = v1::JobState(st.Int(2));
    job.created_unix_ms = st.Int(3);
    job.failure = st.Text(4);
    jobs.push_back(std::move(job));
  }
  return jobs;
}

absl::Status GameStore::Checkpoint() {
  absl::MutexLock lock(&mutex_);
  if (sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr) !=
      SQLITE_OK)
    return SqlError(db_, "checkpoint");
  return absl::OkStatus();
}

absl::Status GameStore::GroupCommit(const std::function<absl::Status()>& write) {
  PendingWrite me{&write, absl::OkStatus()};
  std::vector<PendingWrite*> group;
  {
    absl::MutexLock lock(&group_mutex_);
    pending_.push_back(&me);
    // While another caller commits, wait: it may take our write along, or we lead next.
    while (!me.done && committing_) group_done_.Wait(&group_mutex_);
    if (me.done) return me.status;
    committing_ = true;
    group.swap(pending_);
  }
  {
    absl::MutexLock lock(&mutex_);
    absl::Status begun = Exec("BEGIN IMMEDIATE");
    // Each write in a savepoint of its own: one that fails is undone alone.
    for (PendingWrite* p : group) {
      if (!begun.ok()) {
        p->status = begun;
        continue;
      }
      if (absl::Status s = Exec("SAVEPOINT one_write"); !s.ok()) {
        p->status = s;
        continue;
      }
      p->status = (*p->write)();
      (void)Exec(p->status.ok() ? "RELEASE one_write" : "ROLLBACK TO one_write; RELEASE one_write");
    }
    if (begun.ok())
      if (absl::Status s = Exec("COMMIT"); !s.ok()) {
        (void)Exec("ROLLBACK");
        for (PendingWrite* p : group) p->status = s;
      }
  }
  absl::MutexLock lock(&group_mutex_);
  for (PendingWrite* p : group) p->done = true;
  committing_ = false;
  group_done_.SignalAll();
  return me.status;
}

absl::StatusOr<std::vector<bool>> GameStore::InsertGames(const std::vector<v1::Game>& games) {
  std::vector<std::string> blobs;  // serialized before the store is locked
  for (const v1::Game& g : games) blobs.push_back(g.SerializeAsString());
  std::vector<bool> inserted;
  const absl::Status s = GroupCommit([&]() ABSL_NO_THREAD_SAFETY_ANALYSIS -> absl::Status {
    inserted.clear();
    Statement st(db_,
                 "INSERT OR IGNORE INTO games (job_id, pair, colour, shard_id, result, game) "
                 "VALUES (?, ?, ?, ?, ?, ?)");
    if (!st.ok()) return SqlError(db_, "prepare game insert");
    for (size_t i = 0; i < games.size(); ++i) {
      const v1::Game& g = games[i];
      st.BindInt(1, int64_t(g.id().job_id()));
      st.BindInt(2, g.id().pair());
      st.BindInt(3, g.id().colour());
      st.BindInt(4, g.id().shard_id());
      st.BindInt(5, g.result());
      st.BindBlob(6, blobs[i]);
      if (st.Step() != SQLITE_DONE) return SqlError(db_, "insert game");
      inserted.push_back(sqlite3_changes(db_) == 1);
      st.Reset();
    }
    return absl::OkStatus();
  });
  if (!s.ok()) return s;
  return inserted;
}

absl::StatusOr<std::vector<GameSummary>> GameStore::LoadGameSummaries(uint64_t job_id) {
  absl::MutexLock lock(&mutex_);
  Statement st(db_,
               "SELECT pair, colour, result FROM games WHERE job_id = ? ORDER BY pair, colour");
  if (!st.ok()) return SqlError(db_, "prepare summary load");
  st.BindInt(1, int64_t(job_id));
  std::vector<GameSummary> out;
  while (st.Step() == SQLITE_ROW)
    out.push_back({uint32_t(st.Int(0)), uint32_t(st.Int(1)), v1::GameResult(st.Int(2))});
  return out;
}

absl::StatusOr<v1::Game> GameStore::LoadGame(uint64_t job_id, uint32_t pair, uint32_t colour) {
  absl::MutexLock lock(&mutex_);
  Statement st(db_, "SELECT game FROM games WHERE job_id = ? AND pair = ? AND colour = ?");
  if (!st.ok()) return SqlError(db_, "prepare game load");
  st.BindInt(1, int64_t(job_id));
  st.BindInt(2, pair);
  st.BindInt(3, colour);
  if (st.Step() != SQLITE_ROW)
    return absl::NotFoundError(
        absl::StrCat("job ", job_id, " has no stored game of pair ", pair, " colour ", colour));
  v1::Game g;
  if (!g.ParseFromString(st.Blob(0))) return absl::DataLossError("store: unreadable game");
  return g;
}

absl::Status GameStore::ForEachGame(uint64_t job_id,
                                    const std::function<void(const v1::Game&)>& visit) {
  absl::MutexLock lock(&mutex_);
  Statement st(db_, "SELECT game FROM games WHERE job_id = ? ORDER BY pair, colour");
  if (!st.ok()) return SqlError(db_, "prepare game load");
  st.BindInt(1, int64_t(job_id));
  while (st.Step() == SQLITE_ROW) {
    v1::Game g;
    if (!g.ParseFromString(st.Blob(0))) return absl::DataLossError("store: unreadable game");
    visit(g);
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<bool>> GameStore::InsertAnalyses(
    const std::vector<v1::AnalysisResult>& results, uint64_t job_id, const std::string* job_state) {
  absl::MutexLock lock(&mutex_);
  if (absl::Status s = Exec("BEGIN IMMEDIATE"); !s.ok()) return s;
  std::vector<bool> inserted;
  const auto fail = [&](absl::string_view what) {
    absl::Status error = SqlError(db_, what);
    (void)Exec("ROLLBACK");
    return error;
  };
  {
    Statement st(db_, "INSERT OR IGNORE INTO analyses (job_id, task_id, result) VALUES (?, ?, ?)");
    if (!st.ok()) return fail("prepare analysis insert");
    for (const v1::AnalysisResult& r : results) {
      st.BindInt(1, int64_t(r.job_id()));
      st.BindInt(2, int64_t(r.task_id()));
      st.BindBlob(3, r.SerializeAsString());
      if (st.Step() != SQLITE_DONE) return fail("insert analysis");
      inserted.push_back(sqlite3_changes(db_) == 1);
      st.Reset();
    }
  }
  if (job_state) {
    Statement st(db_, "INSERT OR REPLACE INTO job_state (job_id, state) VALUES (?, ?)");
    if (!st.ok()) return fail("prepare job state");
    st.BindInt(1, int64_t(job_id));
    st.BindBlob(2, *job_state);
    if (st.Step() != SQLITE_DONE) return fail("save job state");
  }
  if (absl::Status s = Exec("COMMIT"); !s.ok()) {
    (void)Exec("ROLLBACK");
    return s;
  }
  return inserted;
}

absl::Status GameStore::ForEachAnalysis(
    uint64_t job_id, const std::function<void(const v1::AnalysisResult&)>& visit) {
  absl::MutexLock lock(&mutex_);
  Statement st(db_, "SELECT result FROM analyses WHERE job_id = ? ORDER BY task_id");
  if (!st.ok()) return SqlError(db_, "prepare analysis load");
  st.BindInt(1, int64_t(job_id));
  while (st.Step() == SQLITE_ROW) {
    v1::AnalysisResult r;
    if (!r.ParseFromString(st.Blob(0))) return absl::DataLossError("store: unreadable analysis");
    visit(r);
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> GameStore::LoadJobState(uint64_t job_id) {
  absl::MutexLock lock(&mutex_);
  Statement st(db_, "SELECT state FROM job_state WHERE job_id = ?");
  if (!st.ok()) return SqlError(db_, "prepare job state load");
  st.BindInt(1, int64_t(job_id));
  if (st.Step() != SQLITE_ROW)
    return absl::NotFoundError(absl::StrCat("no state for job ", job_id));
  return st.Blob(0);
}

absl::Status GameStore::SaveSpsaPairs(uint64_t job_id, const std::vector<StoredSpsaPair>& pairs) {
  if (pairs.empty()) return absl::OkStatus();
  absl::MutexLock lock(&mutex_);
  if (absl::Status s = Exec("BEGIN IMMEDIATE"); !s.ok()) return s;
  {
    Statement st(db_,
                 "INSERT OR IGNORE INTO spsa_pairs (job_id, pair, perturbation) VALUES (?, ?, ?)");
    if (!st.ok()) {
      (void)Exec("ROLLBACK");
      return SqlError(db_, "prepare spsa insert");
    }
    for (const StoredSpsaPair& p : pairs) {
      st.BindInt(1, int64_t(job_id));
      st.BindInt(2, p.pair);
      st.BindBlob(3, p.perturbation.SerializeAsString());
      if (st.Step() != SQLITE_DONE) {
        absl::Status error = SqlError(db_, "insert spsa pair");
        st.Reset();
        (void)Exec("ROLLBACK");
        return error;
      }
      st.Reset();
    }
  }
  return Exec("COMMIT");
}

absl::Status GameStore::MarkSpsaApplied(uint64_t job_id,
                                        const std::vector<std::pair<uint32_t, int64_t>>& pair_seq) {
  if (pair_seq.empty()) return absl::OkStatus();
  absl::MutexLock lock(&mutex_);
  Statement st(db_, "UPDATE spsa_pairs SET applied_seq = ? WHERE job_id = ? AND pair = ?");
  if (!st.ok()) return SqlError(db_, "prepare spsa update");
  for (const auto& [pair, seq] : pair_seq) {
    st.BindInt(1, seq);
    st.BindInt(2, int64_t(job_id));
    st.BindInt(3, pair);
    if (st.Step() != SQLITE_DONE) return SqlError(db_, "update spsa pair");
    st.Reset();
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<StoredSpsaPair>> GameStore::LoadSpsaPairs(uint64_t job_id) {
  absl::MutexLock lock(&mutex_);
  Statement st(
      db_, "SELECT pair, perturbation, applied_seq FROM spsa_pairs WHERE job_id = ? ORDER BY pair");
  if (!st.ok()) return SqlError(db_, "prepare spsa load");
  st.BindInt(1, int64_t(job_id));
  std::vector<StoredSpsaPair> out;
  while (st.Step() == SQLITE_ROW) {
    StoredSpsaPair p;
    p.pair = uint32_t(st.Int(0));
    if (!p.perturbation.ParseFromString(st.Blob(1)))
      return absl::DataLossError("store: unreadable spsa pair");
    p.applied_seq = sqlite3_column_type(st.get(), 2) == SQLITE_NULL ? -1 : st.Int(2);
    out.push_back(std::move(p));
  }
  return out;
}

absl::Status GameStore::UpsertWorker(const StoredWorker& w) { return UpsertWorkers({w}); }

absl::Status GameStore::UpsertWorkers(const std::vector<StoredWorker>& workers) {
  // Registrations come in herds (a fleet that starts): one commit for many.
  return GroupCommit([&]() ABSL_NO_THREAD_SAFETY_ANALYSIS -> absl::Status {
    Statement st(
        db_,
        "INSERT INTO workers (id, name, engine_version, cores, registered_ms, last_seen_ms, "
        "games, nodes, bench_signature, bench_nps) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
        "last_seen_ms = excluded.last_seen_ms, games = excluded.games, nodes = excluded.nodes");
    if (!st.ok()) return SqlError(db_, "prepare worker upsert");
    for (const StoredWorker& w : workers) {
      st.BindText(1, w.id);
      st.BindText(2, w.name);
      st.BindText(3, w.engine_version);
      st.BindInt(4, w.cores);
      st.BindInt(5, w.registered_unix_ms);
      st.BindInt(6, w.last_seen_unix_ms);
      st.BindInt(7, int64_t(w.games));
      st.BindInt(8, int64_t(w.nodes));
      st.BindInt(9, int64_t(w.bench_signature));
      st.BindInt(10, w.bench_nps);
      if (st.Step() != SQLITE_DONE) return SqlError(db_, "upsert worker");
      st.Reset();
    }
    return absl::OkStatus();
  });
}

absl::StatusOr<std::vector<StoredWorker>> GameStore::LoadWorkers() {
  absl::MutexLock lock(&mutex_);
  Statement st(db_,
               "SELECT id, name, engine_version, cores, registered_ms, last_seen_ms, games, nodes, "
               "bench_signature, bench_nps "
               "FROM workers ORDER BY registered_ms");
  if (!st.ok()) return SqlError(db_, "prepare worker load");
  std::vector<StoredWorker> out;
  while (st.Step() == SQLITE_ROW) {
    StoredWorker w;
    w.id = st.Text(0);
    w.name = st.Text(1);
    w.engine_version = st.Text(2);
    w.cores = uint32_t(st.Int(3));
    w.registered_unix_ms = st.Int(4);
    w.last_seen_unix_ms = st.Int(5);
    w.games = uint64_t(st.Int(6));
    w.nodes = uint64_t(st.Int(7));
    w.bench_signature = uint64_t(st.Int(8));
    w.bench_nps = st.Int(9);
    out.push_back(std::move(w));
  }
  return out;
}

}  // namespace tumen::coordinator
