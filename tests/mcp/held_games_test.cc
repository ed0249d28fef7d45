// Held games keep their latest state in memory (SPEC section 16): an act costs the engine steps
// of the actions it applies, whatever the game's length, counted rather than timed; a game the
// cache lacks or holds behind the store (another replica moved it) is rebuilt by replay and never
// overwritten; `expect` is judged against the store; and the cache keeps its bounds.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/clock.h"
#include "mcp/held_cache.h"
#include "mcp/held_games.h"
#include "registry/registry.h"
#include "store/store.h"

namespace gb::mcp {
namespace {

using Status = GameResult::Status;

const std::string kLeft = R"({"type":"rotate","dir":-1})";
const std::string kRight = R"({"type":"rotate","dir":1})";

class HeldGamesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("gb-mcp-held-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    store_ = store::open_store("", dir_.string());
    held_cache().clear();
  }
  void TearDown() override {
    held_cache().clear();
    store_.reset();
    std::filesystem::remove_all(dir_);
  }

  // A Glimfall game (seed 1) holding `length` free rotations of its waiting phase, which never
  // ends: played 1000 at a time, as act allows.
  std::string game_of_length(size_t length) {
    GameResult started = start_game(*store_, *find_game("glimfall"), 1, "test");
    EXPECT_EQ(started.status, Status::kOk);
    std::string id = started.position.game.id;
    for (size_t done = 0; done < length;) {
      std::vector<std::string> batch;
      for (; batch.size() < kMaxActionsPerCall && done < length; ++done) {
        batch.push_back(done % 2 ? kLeft : kRight);
      }
      GameResult r = play_actions(*store_, id, batch, bounds_);
      EXPECT_EQ(r.status, Status::kOk) << r.message;
      EXPECT_EQ(r.applied, batch.size());
    }
    return id;
  }

  GameResult act(const std::string& id, const std::string& action,
                 std::optional<int64_t> expect = std::nullopt) {
    return play_actions(*store_, id, {action}, bounds_, expect);
  }

  // What another replica does: appends `action` to the stored game by the store's own
  // compare-and-set, behind this process's cache.
  void moved_elsewhere(const std::string& id, const std::string& action) {
    std::optional<store::HeldGame> game = store_->game_head(id);
    ASSERT_TRUE(game);
    ASSERT_TRUE(store_->append_game_actions(id, game->length, action, game->length + 1, utc_now()));
  }

  std::filesystem::path dir_;
  std::unique_ptr<store::Store> store_;
  RunBounds bounds_;
};

TEST_F(HeldGamesTest, AnActCostsTheStepsItAppliesWhateverTheGamesLength) {
  std::string short_game = game_of_length(10);
  std::string long_game = game_of_length(10'000);
  for (int i = 0; i < 3; ++i) {
    GameResult a = act(short_game, kRight, 10 + i);
    GameResult b = act(long_game, kRight, 10'000 + i);
    ASSERT_EQ(a.status, Status::kOk) << a.message;
    ASSERT_EQ(b.status, Status::kOk) << b.message;
    EXPECT_EQ(a.steps, 1);
    EXPECT_EQ(b.steps, 1) << "the act replayed the long game";
    EXPECT_EQ(b.position.game.length, 10'001 + i);
  }
  // A batch costs its own actions' steps.
  GameResult batch = play_actions(*store_, long_game, {kLeft, kRight, kLeft}, bounds_);
  EXPECT_EQ(batch.steps, 3);
  // The state answered from memory is the state a replay of the stored game gives.
  std::string cached_answer = batch.position.answer_json;
  held_cache().clear();
  GameResult loaded = load_game(*store_, long_game);
  ASSERT_EQ(loaded.status, Status::kOk);
  EXPECT_EQ(loaded.steps, 10'006) << "a game the cache lacks is replayed";
  EXPECT_EQ(loaded.position.answer_json, cached_answer);
  // And once loaded it is held again: the next act costs one step.
  EXPECT_EQ(act(long_game, kLeft, 10'006).steps, 1);
}

TEST_F(HeldGamesTest, AGameTheCacheLacksIsRebuiltByReplay) {
  std::string id = game_of_length(100);
  held_cache().clear();
  GameResult r = act(id, kRight, 100);
  ASSERT_EQ(r.status, Status::kOk) << r.message;
  EXPECT_EQ(r.steps, 101);
  EXPECT_EQ(store_->game(id)->length, 101);
}

TEST_F(HeldGamesTest, AGameMovedByAnotherReplicaIsRebuiltAndNeverOverwritten) {
  std::string id = game_of_length(5);
  // Behind the cache: the other replica's action is kept, ours follows it.
  moved_elsewhere(id, kLeft);
  GameResult r = act(id, kRight);
  ASSERT_EQ(r.status, Status::kOk) << r.message;
  EXPECT_EQ(r.steps, 7) << "the stale state was not replaced by a replay";
  std::optional<store::HeldGame> game = store_->game(id);
  EXPECT_EQ(game->length, 7);
  EXPECT_TRUE(game->actions_json.ends_with(kLeft + "," + kRight + "]")) << game->actions_json;
  EXPECT_EQ(act(id, kLeft, 7).steps, 1);

  // `expect` is the store's length, not the cache's: the cache says 8, the store 9.
  moved_elsewhere(id, kRight);
  GameResult expected = act(id, kLeft, 9);
  ASSERT_EQ(expected.status, Status::kOk) << expected.message;
  EXPECT_EQ(expected.position.game.length, 10);
  GameResult stale_expect = act(id, kLeft, 9);
  EXPECT_EQ(stale_expect.status, Status::kExpectMismatch);
  EXPECT_EQ(store_->game(id)->length, 10);

  // A move the stale state refuses is judged on the stored state: another replica started the
  // run, so a tick (refused while waiting) now applies.
  moved_elsewhere(id, R"({"type":"start"})");
  GameResult tick = act(id, R"({"type":"tick"})");
  ASSERT_EQ(tick.status, Status::kOk) << tick.message;
  EXPECT_EQ(store_->game(id)->length, 12);
  // And a move refused on the latest state is refused without storing anything.
  GameResult again = act(id, R"({"type":"start"})");
  EXPECT_EQ(again.status, Status::kRefused);
  EXPECT_EQ(again.message, "not_waiting");
  EXPECT_EQ(store_->game(id)->length, 12);
}

TEST_F(HeldGamesTest, AnExpiredOrUnknownGameIsNotServedFromTheCache) {
  std::string id = game_of_length(3);
  // Expiry deletes the stored game; the cache must not keep it alive.
  EXPECT_EQ(store_->expire_games("9999-12-31T00:00:00Z"), 1);
  EXPECT_EQ(act(id, kRight).status, Status::kUnknownGame);
  EXPECT_EQ(act(id, kRight, 3).status, Status::kUnknownGame);
  EXPECT_EQ(load_game(*store_, id).status, Status::kUnknownGame);
}

TEST(HeldCache, KeepsItsBoundsAndTheLatestLength) {
  const GameService* glimfall = find_game("glimfall");
  auto entry = [&](std::string id, int64_t length, size_t text = 2) {
    auto e = std::make_unique<CachedGame>();
    e->service = glimfall;
    e->session = glimfall->new_session();
    e->game.id = std::move(id);
    e->game.length = length;
    e->game.actions_json = std::string(text, 'x');
    return e;
  };
  const size_t one = entry("g0", 0)->bytes();
  HeldCache cache(3, 100 * one);
  for (char i = 0; i < 5; ++i) cache.put(entry(std::string{'g', static_cast<char>('0' + i)}, i));
  EXPECT_EQ(cache.size(), 3u);
  const store::Store* none = nullptr;
  // The least recently used went first.
  EXPECT_EQ(cache.take(none, "g0"), nullptr);
  EXPECT_EQ(cache.take(none, "g1"), nullptr);
  EXPECT_EQ(cache.size(), 3u);
  // An older length never replaces a newer one.
  cache.put(entry("g4", 2));
  std::unique_ptr<CachedGame> g4 = cache.take(none, "g4");
  ASSERT_NE(g4, nullptr);
  EXPECT_EQ(g4->game.length, 4);
  // The byte bound: one large game pushes out the others, and one past the bound is not kept.
  cache.put(entry("big", 1, 99 * one));
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_LE(cache.bytes(), 100 * one);
  cache.put(entry("huge", 1, 200 * one));
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.bytes(), 0u);
}

}  // namespace
}  // namespace gb::mcp
