// Store: schema, seq assignment, optimistic concurrency, append-only enforcement, corruption.
#include "journal/store.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>

#include "model/json.hpp"
#include "test_db.hpp"

namespace gauntlet {
namespace {

using ::testing::HasSubstr;

class StoreTest : public TestDb {
 protected:
  static JournalEntry entry(Command c, std::string at = "2024-06-01T10:00:00Z") {
    return JournalEntry{0, std::move(at), std::move(c), std::nullopt};
  }
  static JournalEntry undo_entry(std::int64_t target) {
    return JournalEntry{0, "2024-06-01T11:00:00Z", std::nullopt, target};
  }
  // Entries as the engine would store them: player ids already assigned.
  static AddPlayer resolved_player(std::string id, std::string name) {
    AddPlayer p = sample_player(std::move(name));
    p.player.id = std::move(id);
    return p;
  }
};

TEST_F(StoreTest, RoundTripsEntriesInSeqOrder) {
  Store store = Store::open(path());
  EXPECT_EQ(store.create_event("spring-open", entry(sample_create(), "2024-06-01T09:00:00Z")), 1);
  EXPECT_EQ(store.append("spring-open", 1, entry(resolved_player("p1", "Ann"))), 2);
  EXPECT_EQ(store.append("spring-open", 2, entry(resolved_player("p2", "Bob"))), 3);
  EXPECT_EQ(store.append("spring-open", 3, undo_entry(3)), 4);

  std::vector<JournalEntry> journal = store.load("spring-open");
  ASSERT_EQ(journal.size(), 4u);
  for (std::size_t i = 0; i < journal.size(); ++i)
    EXPECT_EQ(journal[i].seq, static_cast<std::int64_t>(i + 1));
  EXPECT_EQ(journal[0].at, "2024-06-01T09:00:00Z");
  EXPECT_EQ(command_to_json(*journal[0].command), command_to_json(sample_create()));
  EXPECT_EQ(command_to_json(*journal[2].command), command_to_json(resolved_player("p2", "Bob")));
  EXPECT_FALSE(journal[3].command.has_value());
  EXPECT_EQ(journal[3].undoes, 3);
}

TEST_F(StoreTest, ListsEventsWithNameAndEntryCount) {
  Store store = Store::open(path());
  store.create_event("spring-open", entry(sample_create("Spring Open"), "2024-03-01T09:00:00Z"));
  store.create_event("autumn-cup", entry(sample_create("Autumn Cup"), "2024-09-01T09:00:00Z"));
  store.append("spring-open", 1, entry(resolved_player("p1", "Ann")));

  std::vector<EventSummary> events = store.events();
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].id, "spring-open");
  EXPECT_EQ(events[0].name, "Spring Open");
  EXPECT_EQ(events[0].entries, 2);
  EXPECT_EQ(events[1].id, "autumn-cup");
  EXPECT_EQ(events[1].entries, 1);
  EXPECT_TRUE(store.has_event("autumn-cup"));
  EXPECT_FALSE(store.has_event("winter"));
}

TEST_F(StoreTest, StaleExpectedSeqIsAConflictAndWritesNothing) {
  Store a = Store::open(path());
  Store b = Store::open(path());  // a second connection, as another process would have
  a.create_event("spring-open", entry(sample_create()));
  EXPECT_EQ(a.append("spring-open", 1, entry(resolved_player("p1", "Ann"))), 2);
  try {
    b.append("spring-open", 1, entry(resolved_player("p1", "Bob")));
    FAIL() << "expected a conflict";
  } catch (const ConflictError& e) {
    EXPECT_EQ(e.error.field, "journal");
    EXPECT_THAT(e.error.message, HasSubstr("expected last entry 1, found 2"));
  }
  EXPECT_EQ(count_rows(), 2);
  EXPECT_EQ(b.append("spring-open", 2, entry(resolved_player("p2", "Bob"))), 3);
}

// Issue 15: "commands on one event apply in one order whichever server takes them". Writers on their
// own connections (threads here, servers in production) race for the next seq; each append either
// lands right after the entry its writer saw or is a ConflictError that changes nothing.
TEST_F(StoreTest, RacingWritersOnTheirOwnConnectionsKeepOneContiguousJournal) {
  Store::open(path()).create_event("spring-open", entry(sample_create()));
  constexpr int kWriters = 6;
  constexpr int kEach = 15;
  std::atomic<int> conflicts{0};
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w)
    writers.emplace_back([&, w] {
      Store store = Store::open(path());
      for (int i = 0; i < kEach; ++i) {
        const std::string id = "p" + std::to_string(w * kEach + i + 1);
        for (;;) {
          const std::int64_t last = static_cast<std::int64_t>(store.load("spring-open").size());
          try {
            EXPECT_EQ(store.append("spring-open", last, entry(resolved_player(id, "Player " + id))),
                      last + 1);
            break;
          } catch (const ConflictError&) {
            ++conflicts;
          }
        }
      }
    });
  for (std::thread& t : writers) t.join();
  const std::vector<JournalEntry> journal = Store::open(path()).load("spring-open");
  ASSERT_EQ(journal.size(), static_cast<std::size_t>(1 + kWriters * kEach));
  std::set<std::string> ids;
  for (std::size_t i = 1; i < journal.size(); ++i)
    ids.insert(std::get<AddPlayer>(*journal[i].command).player.id);
  EXPECT_EQ(ids.size(), static_cast<std::size_t>(kWriters * kEach));  // every append exactly once
  EXPECT_EQ(count_rows(), 1 + kWriters * kEach);
}

TEST_F(StoreTest, TriggersRefuseUpdateAndDelete) {
  {
    Store store = Store::open(path());
    store.create_event("spring-open", entry(sample_create()));
    store.append("spring-open", 1, entry(resolved_player("p1", "Ann")));
  }
  EXPECT_THROW(sql("UPDATE journal SET payload = '{}' WHERE seq = 2"), sqldb::Error);
  EXPECT_THROW(sql("DELETE FROM journal WHERE seq = 2"), sqldb::Error);
  EXPECT_THROW(sql("DELETE FROM journal"), sqldb::Error);
  if (postgresql()) {
    EXPECT_THROW(sql("TRUNCATE journal CASCADE"), sqldb::Error);  // a statement trigger
  }
  EXPECT_EQ(count_rows(), 2);
  EXPECT_EQ(Store::open(path()).load("spring-open").size(), 2u);
}

TEST_F(StoreTest, SchemaAndDataSurviveReopen) {
  Store::open(path()).create_event("spring-open", entry(sample_create()));
  Store store = Store::open(path());
  EXPECT_EQ(store.load("spring-open").size(), 1u);
  EXPECT_EQ(scalar("SELECT value FROM meta WHERE key = 'schema_version'"), "1");
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM events"), "1");
  if (postgresql()) return;
  EXPECT_EQ(raw().execAndGet("PRAGMA journal_mode").getString(), "wal");  // persistent in the file
}

TEST_F(StoreTest, RefusesANewerSchemaVersion) {
  Store::open(path());
  sql("UPDATE meta SET value = '99' WHERE key = 'schema_version'");
  try {
    Store::open(path());
    FAIL() << "expected an error";
  } catch (const ErrorException& e) {
    EXPECT_EQ(e.error.field, "database");
    EXPECT_THAT(e.error.message, HasSubstr("schema version 99"));
  }
}

TEST_F(StoreTest, CorruptPayloadNamesEventAndSeq) {
  Store store = Store::open(path());
  store.create_event("spring-open", entry(sample_create()));
  store.append("spring-open", 1, entry(resolved_player("p1", "Ann")));
  // Written behind the Store's back: inserts are the one change the triggers allow.
  sql("INSERT INTO journal(event_id, seq, at, type, payload) "
      "VALUES('spring-open', 3, 'x', 'add-player', '{\"type\": \"add-player\", truncated')");
  try {
    store.load("spring-open");
    FAIL() << "expected an error";
  } catch (const ErrorException& e) {
    EXPECT_THAT(e.error.field, HasSubstr("spring-open"));
    EXPECT_THAT(e.error.field, HasSubstr("journal[3]"));
  }
}

TEST_F(StoreTest, PayloadThatIsNotACommandNamesEventAndSeq) {
  Store store = Store::open(path());
  store.create_event("spring-open", entry(sample_create()));
  sql("INSERT INTO journal(event_id, seq, at, type, payload) "
      "VALUES('spring-open', 2, 'x', 'add-player', '{\"type\": \"no-such-command\"}')");
  try {
    store.load("spring-open");
    FAIL() << "expected an error";
  } catch (const ErrorException& e) {
    EXPECT_THAT(e.what(), HasSubstr("spring-open journal[2]"));
  }
}

TEST_F(StoreTest, DuplicateOrMalformedIdIsAnEventIdError) {
  Store store = Store::open(path());
  store.create_event("spring-open", entry(sample_create()));
  try {
    store.create_event("spring-open", entry(sample_create("Other")));
    FAIL() << "expected a conflict";
  } catch (const ConflictError& e) {
    EXPECT_EQ(e.error.field, "event.id");
  }
  for (std::string bad : {"", "Spring Open", "-x", "a/b"}) {
    try {
      store.create_event(bad, entry(sample_create()));
      FAIL() << "accepted id \"" << bad << "\"";
    } catch (const ErrorException& e) {
      EXPECT_EQ(e.error.field, "event.id");
    }
  }
  EXPECT_EQ(store.events().size(), 1u);
  EXPECT_EQ(count_rows(), 1);
}

TEST_F(StoreTest, FirstEntryMustCreateAndOnlyTheFirst) {
  Store store = Store::open(path());
  EXPECT_THROW(store.create_event("spring-open", entry(resolved_player("p1", "Ann"))), ErrorException);
  EXPECT_FALSE(store.has_event("spring-open"));
  store.create_event("spring-open", entry(sample_create()));
  EXPECT_THROW(store.append("spring-open", 1, entry(sample_create())), ErrorException);
  EXPECT_EQ(count_rows(), 1);
}

TEST_F(StoreTest, UnknownEventIsAnEventIdError) {
  Store store = Store::open(path());
  try {
    store.load("nope");
    FAIL() << "expected an error";
  } catch (const ErrorException& e) {
    EXPECT_EQ(e.error.field, "event.id");
  }
  EXPECT_THROW(store.append("nope", 0, entry(resolved_player("p1", "Ann"))), ErrorException);
  EXPECT_EQ(count_rows(), 0);
}

TEST_F(StoreTest, EntryWithBothCommandAndUndoIsRefused) {
  Store store = Store::open(path());
  store.create_event("spring-open", entry(sample_create()));
  JournalEntry both = entry(resolved_player("p1", "Ann"));
  both.undoes = 1;
  EXPECT_THROW(store.append("spring-open", 1, both), ErrorException);
  EXPECT_EQ(count_rows(), 1);
}

}  // namespace
}  // namespace gauntlet
