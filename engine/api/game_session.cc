#include "engine/api/game_session.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/api/game_session_impl.h"
#include "engine/games/bogenjirge/game.h"
#include "engine/games/hiashatar/game.h"
#include "engine/games/shatar/game.h"
#include "engine/games/xiangqi/game.h"

namespace tumen {
namespace {

// Each game family: its variant names and a factory. Add a family here (one line each).
template <class G>
absl::StatusOr<std::unique_ptr<GameSession>> Create(absl::string_view variant) {
  absl::StatusOr<typename G::Rules> rules = G::RulesFor(variant);
  if (!rules.ok()) return rules.status();
  return std::unique_ptr<GameSession>(new BasicGameSession<G>(*std::move(rules)));
}

struct Family {
  const std::vector<std::string>& (*variants)();
  absl::StatusOr<std::unique_ptr<GameSession>> (*create)(absl::string_view);
};

const std::vector<Family>& Families() {
  static const std::vector<Family> families = {
      {&shatar::ShatarGame::Variants, &Create<shatar::ShatarGame>},
      {&hiashatar::HiaShatarGame::Variants, &Create<hiashatar::HiaShatarGame>},
      {&xiangqi::XiangqiGame::Variants, &Create<xiangqi::XiangqiGame>},
      {&bogenjirge::BogenjirgeGame::Variants, &Create<bogenjirge::BogenjirgeGame>},
  };
  return families;
}

}  // namespace

const std::vector<std::string>& AllVariants() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const Family& f : Families())
      for (const std::string& v : f.variants()) all.push_back(v);
    return all;
  }();
  return names;
}

absl::StatusOr<std::unique_ptr<GameSession>> CreateGameSession(absl::string_view variant) {
  for (const Family& f : Families())
    for (const std::string& v : f.variants())
      if (v == variant) return f.create(variant);
  return absl::InvalidArgumentError(
      absl::StrCat("unknown variant '", variant, "'; known: ", absl::StrJoin(AllVariants(), ", ")));
}

absl::StatusOr<std::unique_ptr<GameSession>> CreateGameSession(absl::string_view variant,
                                                               absl::string_view rules) {
  absl::StatusOr<std::unique_ptr<GameSession>> session = CreateGameSession(variant);
  if (!session.ok()) return session;
  if (absl::Status s = (*session)->SetRuleOptions(rules); !s.ok())
    return absl::InvalidArgumentError(absl::StrCat("rules: ", s.message()));
  return session;
}

}  // namespace tumen
