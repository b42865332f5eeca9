// EventSession: decide -> append -> apply, undo as a compensating entry, concurrent writers.
#include "journal/session.hpp"

#include <gtest/gtest.h>

#include "test_db.hpp"

namespace gauntlet {
namespace {

class SessionTest : public TestDb {};

std::vector<std::string> player_names(const EventState& state) {
  std::vector<std::string> out;
  for (const Player& p : state.players) out.push_back(p.name);
  return out;
}

TEST_F(SessionTest, ExecutesAndPersists) {
  Store store = Store::open(path());
  Result<EventSession> s = EventSession::create(store, "spring-open", sample_create(), kAt);
  ASSERT_TRUE(s) << s.error().describe();
  EXPECT_EQ(s->execute(sample_player("Ann"), kAt), 2);
  EXPECT_EQ(s->execute(sample_player("Bob"), kAt), 3);
  EXPECT_EQ(player_names(s->state()), (std::vector<std::string>{"Ann", "Bob"}));
  EXPECT_EQ(s->state().config.name, "Spring Open");

  EventSession again = EventSession::open(store, "spring-open");
  EXPECT_EQ(again.state(), s->state());
  EXPECT_EQ(again.journal().size(), 3u);
}

TEST_F(SessionTest, RejectedCommandWritesNothing) {
  Store store = Store::open(path());
  Result<EventSession> s = EventSession::create(store, "spring-open", sample_create(), kAt);
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->execute(sample_player("Ann"), kAt));
  const EventState before = s->state();
  const std::int64_t rows = count_rows();

  EXPECT_FALSE(s->execute(sample_create("Again"), kAt));  // the event exists already
  EXPECT_EQ(count_rows(), rows);
  EXPECT_EQ(s->state(), before);
  EXPECT_EQ(s->journal().size(), 2u);
}

TEST_F(SessionTest, InvalidCreateWritesNothing) {
  Store store = Store::open(path());
  CreateEvent bad = sample_create();
  bad.config.edition = "NO-SUCH-EDITION";
  EXPECT_FALSE(EventSession::create(store, "spring-open", bad, kAt));
  EXPECT_TRUE(store.events().empty());
  EXPECT_EQ(count_rows(), 0);
}

TEST_F(SessionTest, DuplicateIdIsAnErrorValue) {
  Store store = Store::open(path());
  ASSERT_TRUE(EventSession::create(store, "spring-open", sample_create(), kAt));
  Result<EventSession> dup = EventSession::create(store, "spring-open", sample_create("Other"), kAt);
  ASSERT_FALSE(dup);
  EXPECT_EQ(dup.error().field, "event.id");
  EXPECT_EQ(count_rows(), 1);
}

TEST_F(SessionTest, UndoAppendsACompensatingEntry) {
  Store store = Store::open(path());
  Result<EventSession> s = EventSession::create(store, "spring-open", sample_create(), kAt);
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->execute(sample_player("Ann"), kAt));
  ASSERT_TRUE(s->execute(sample_player("Bob"), kAt));
  EXPECT_EQ(s->undo(kAt), 4);
  EXPECT_EQ(player_names(s->state()), (std::vector<std::string>{"Ann"}));
  ASSERT_EQ(s->journal().size(), 4u);  // nothing deleted
  EXPECT_EQ(s->journal()[3].undoes, 3);
  EXPECT_EQ(EventSession::open(store, "spring-open").state(), s->state());
}

TEST_F(SessionTest, NothingToUndoWritesNothing) {
  Store store = Store::open(path());
  Result<EventSession> s = EventSession::create(store, "spring-open", sample_create(), kAt);
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->undo(kAt));  // the creation itself cannot be undone
  EXPECT_EQ(count_rows(), 1);
}

TEST_F(SessionTest, ConcurrentWriterIsDetectedAndCommandDecidedAgain) {
  Store store_a = Store::open(path());
  Store store_b = Store::open(path());
  Result<EventSession> a = EventSession::create(store_a, "spring-open", sample_create(), kAt);
  ASSERT_TRUE(a);
  EventSession b = EventSession::open(store_b, "spring-open");

  ASSERT_EQ(a->execute(sample_player("Ann"), kAt), 2);
  // b has not seen Ann: its append conflicts, it reloads and decides again on fresh state.
  EXPECT_EQ(b.execute(sample_player("Bob"), kAt), 3);
  EXPECT_EQ(player_names(b.state()), (std::vector<std::string>{"Ann", "Bob"}));
  EXPECT_NE(b.state().players[0].id, b.state().players[1].id);

  // a is now stale for undo too: the latest effective entry is Bob's, not Ann's.
  EXPECT_EQ(a->undo(kAt), 4);
  EXPECT_EQ(player_names(a->state()), (std::vector<std::string>{"Ann"}));
  b.reload();
  EXPECT_EQ(b.state(), a->state());
}

// Issue 9: execute_all had no conflict retry; a CSV import from a stale session failed outright.
TEST_F(SessionTest, ExecuteAllFromAStaleSessionIsDecidedAgain) {
  Store store_a = Store::open(path());
  Store store_b = Store::open(path());
  Result<EventSession> a = EventSession::create(store_a, "spring-open", sample_create(), kAt);
  ASSERT_TRUE(a);
  EventSession b = EventSession::open(store_b, "spring-open");
  ASSERT_EQ(a->execute(sample_player("Ann"), kAt), 2);
  EXPECT_EQ(b.execute_all({sample_player("Bob"), sample_player("Cid")}, kAt), 4);
  EXPECT_EQ(player_names(b.state()), (std::vector<std::string>{"Ann", "Bob", "Cid"}));
  a->reload();
  EXPECT_EQ(a->state(), b.state());
}

std::string listed_name(const Store& store) {
  return store.events().at(0).name;
}

// Issue 9: the listing's name followed only appends of a rename; an undo of the rename, or an
// import of a renamed event, left `gauntlet event list` showing a stale name.
TEST_F(SessionTest, TheListedNameFollowsRenamesUndosAndImports) {
  Store store = Store::open(path());
  Result<EventSession> s = EventSession::create(store, "spring-open", sample_create(), kAt);
  ASSERT_TRUE(s);
  EventConfig renamed = s->state().config;
  renamed.name = "Autumn Open";
  ASSERT_TRUE(s->execute(ConfigureEvent{renamed}, kAt));
  EXPECT_EQ(listed_name(store), "Autumn Open");
  ASSERT_TRUE(s->undo(kAt));
  EXPECT_EQ(s->state().config.name, "Spring Open");
  EXPECT_EQ(listed_name(store), "Spring Open");
  renamed.name = "Winter Open";
  ASSERT_TRUE(s->execute_all({ConfigureEvent{renamed}, sample_player("Ann")}, kAt));
  EXPECT_EQ(listed_name(store), "Winter Open");

  Store other = Store::open(path() + ".import");
  other.import_event("copy", s->journal());
  EXPECT_EQ(listed_name(other), "Winter Open");
}

}  // namespace
}  // namespace gauntlet
