// What a worker plays for a shard (proto::GameSpecFor): a build of Tumen as a player gets the
// match's hash, rules and parameters as UCI options, and a scaled clock is scaled (issue 16).
#include "gtest/gtest.h"
#include "proto/convert.h"

namespace tumen::proto {
namespace {

using Options = std::vector<std::pair<std::string, std::string>>;

v1::Shard BuildShard() {
  v1::Shard shard;
  shard.add_pairs(0);
  shard.add_pair_openings("");
  shard.add_pair_seeds(7);
  v1::MatchSpec* m = shard.mutable_match();
  m->set_variant("shatar");
  m->set_rules("knight_mate=draw");
  m->set_hash_mb(32);
  m->mutable_tc()->set_base_ms(10'000);
  m->mutable_tc()->set_increment_ms(100);
  m->set_params_a("PawnMg 90\n# a comment\n");
  m->mutable_engine_a()->set_name("tumen-dddddddddddd");
  m->mutable_engine_a()->set_uci_variant("shatar");
  m->mutable_engine_a()->mutable_build()->set_commit(std::string(40, 'd'));
  v1::EngineOption* o = m->mutable_engine_a()->add_options();
  o->set_name("Hash");
  o->set_value("64");
  return shard;
}

TEST(GameSpecFor, ABuildPlaysWithTheMatchsHashRulesAndParametersAsUciOptions) {
  const v1::Shard shard = BuildShard();
  absl::StatusOr<selfplay::GameSpec> spec =
      GameSpecFor(shard, 0, /*colour=*/1, {{"tumen-dddddddddddd", "/builds/d/tumen-engine"}});
  ASSERT_TRUE(spec.ok()) << spec.status();
  const selfplay::PlayerConfig& a = spec->black;  // colour 1: A has Black
  ASSERT_TRUE(a.external.has_value());
  EXPECT_EQ(a.engine, "tumen-dddddddddddd");
  EXPECT_EQ(a.external->path, "/builds/d/tumen-engine");
  EXPECT_EQ(a.external->uci_variant, "shatar");
  EXPECT_EQ(a.external->options, (Options{{"Threads", "1"},
                                          {"Hash", "32"},
                                          {"ShatarRules", "knight_mate=draw"},
                                          {"PawnMg", "90"},
                                          {"Hash", "64"}}))
      << "the job's own options come last and win";
  EXPECT_EQ(a.params_text, shard.match().params_a()) << "recorded, so the coordinator checks it";
  EXPECT_FALSE(spec->white.external.has_value()) << "B is our own engine";
  EXPECT_EQ(spec->tc.base_ms, 10'000) << "no factor: not scaled";
}

TEST(GameSpecFor, AFactorScalesBaseAndIncrementOfAClockOnly) {
  v1::Shard shard = BuildShard();
  shard.set_tc_factor(1.5);
  const std::map<std::string, std::string> engines = {{"tumen-dddddddddddd", "/e"}};
  absl::StatusOr<selfplay::GameSpec> spec = GameSpecFor(shard, 0, 0, engines);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(spec->tc.base_ms, 15'000);
  EXPECT_EQ(spec->tc.increment_ms, 150);
  shard.mutable_match()->mutable_tc()->Clear();
  shard.mutable_match()->mutable_tc()->set_nodes(500);
  spec = GameSpecFor(shard, 0, 0, engines);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(spec->tc.nodes, 500u);
  EXPECT_EQ(spec->tc.base_ms, 0);
}

TEST(GameSpecFor, ABuildTheWorkerHasNotMadeIsAnError) {
  absl::StatusOr<selfplay::GameSpec> spec = GameSpecFor(BuildShard(), 0, 0, {});
  ASSERT_FALSE(spec.ok());
  EXPECT_EQ(spec.status().message(), "this worker has no engine 'tumen-dddddddddddd'");
}

}  // namespace
}  // namespace tumen::proto
