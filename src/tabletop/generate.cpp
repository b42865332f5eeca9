// The setup methods as step-by-step draws. Each step samples candidate positions in the region the
// step names and keeps the first that (a) satisfies the step's own distances and (b) breaks no terrain
// rule against the pieces already down (piece_fits); a table that cannot be finished is drawn again.
// SR2017 "Terrain Setup Methods": "The EO must still follow all the terrain rules listed above when
// using these terrain setup methods."
#include "tabletop/generate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <optional>

#include "core/rng.hpp"
#include "tabletop/json.hpp"

namespace gauntlet::tabletop {
namespace {

constexpr int kTableAttempts = 400;
constexpr int kPieceAttempts = 400;
constexpr int kDrawsPerCount = 16;
constexpr int kAwayCandidates = 4;
constexpr int kGroupBranches = 2;

struct Blank {
  std::string kind;
  Shape::Kind shape;
  double width, depth;
  bool restricted;
  double radius() const { return std::sqrt(width * width + depth * depth) / 2; }
};

// How far the shape stays from `corner` measured towards the table's centre: the least projection of
// its corners on the diagonal from that corner. Pieces chosen to keep this large line up across the
// diagonal and leave the corner's whole triangle free (distance from the corner point alone lets a
// cluster curl around its first piece).
double reach_from(Point corner, const Shape& s) {
  const double k = std::numbers::sqrt2 / 2;
  double lowest = 1e300;
  for (Point p : corners(s))
    lowest = std::min(lowest, std::abs(p.x - corner.x) * k + std::abs(p.y - corner.y) * k);
  return lowest;
}

class Draw {
 public:
  Draw(const Edition& e, Table t, Rng& rng) : e_(e), table_(t), rng_(rng) {}

  double uniform(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(rng_.below(1u << 30)) / (1u << 30);
  }
  Point around(Point c, double radius) {  // uniform in a disc
    double r = radius * std::sqrt(uniform(0, 1)), a = uniform(0, 2 * std::numbers::pi);
    return {c.x + r * std::cos(a), c.y + r * std::sin(a)};
  }
  Point anywhere() { return {uniform(0, table_.inches), uniform(0, table_.inches)}; }
  // A centre from which `b` can reach within `inches` of `s` (edge to edge): a disc wide enough
  // for both pieces' extent; the step's own test keeps the candidates that do.
  Point near(const Blank& b, const Shape& s, double inches) {
    return around(s.centre, inches + b.radius() + std::max(s.width, s.depth));
  }
  // Every candidate is the shape the JSON will carry (as_written), so the rules and the method's
  // steps are met by what the EO gets, not only before rounding.
  Shape shape(const Blank& b, Point centre) {
    double rot = b.shape == Shape::rect ? 15.0 * static_cast<double>(rng_.below(12)) : 0;
    return as_written({b.shape, centre, b.width, b.depth, rot});
  }
  // One point, drawn at random, in each 1" cell of `area` (on the table) that passes `maybe`.
  std::vector<Point> cells(const Box& area, const std::function<bool(Point)>& maybe) {
    std::vector<Point> out;
    const int x0 = static_cast<int>(std::max(0.0, std::floor(area.x0)));
    const int y0 = static_cast<int>(std::max(0.0, std::floor(area.y0)));
    const int x1 = static_cast<int>(std::min(table_.inches, std::ceil(area.x1)));
    const int y1 = static_cast<int>(std::min(table_.inches, std::ceil(area.y1)));
    for (int x = x0; x < x1; ++x)
      for (int y = y0; y < y1; ++y)
        if (Point p{x + uniform(0, 1), y + uniform(0, 1)}; maybe(p)) out.push_back(p);
    return out;
  }
  Rng& rng() { return rng_; }
  const Edition& edition() const { return e_; }
  const Table& table() const { return table_; }
  const std::vector<Piece>& placed() const { return placed_; }

  // Tries candidates from `where` until one passes `ok` and the terrain rules; false after many.
  bool place(const Blank& b, const std::function<Point()>& where, const std::function<bool(const Shape&)>& ok,
             int attempts = kPieceAttempts) {
    for (int i = 0; i < attempts; ++i)
      if (try_shape(b, shape(b, where()), ok)) return true;
    return false;
  }
  // Of the first `keep` candidates that pass, places the one farthest from `away`: pieces 1-5 of a
  // cluster kept clear of one corner leave room there for step 5's group, as an EO laying the
  // cluster by hand would (a cluster spread every way leaves only strips too narrow for it).
  bool place_away(const Blank& b, Point away, const std::function<Point()>& where,
                  const std::function<bool(const Shape&)>& ok, int keep) {
    std::optional<Shape> best;
    double best_gap = 0;
    for (int i = 0, found = 0; i < kPieceAttempts && found < keep; ++i) {
      Shape s = shape(b, where());
      if (!ok(s) || !piece_fits(e_, table_, placed_, {{}, b.kind, s})) continue;
      ++found;
      if (double gap = reach_from(away, s); !best || gap > best_gap) best = s, best_gap = gap;
    }
    if (best) put(b, *best);  // already checked against the rules above
    return best.has_value();
  }
  bool try_shape(const Blank& b, const Shape& candidate, const std::function<bool(const Shape&)>& ok) {
    const Shape s = as_written(candidate);
    if (!ok(s) || !piece_fits(e_, table_, placed_, {{}, b.kind, s})) return false;
    put(b, s);
    return true;
  }
  void clear() { placed_.clear(); }
  void truncate(std::size_t n) {
    placed_.erase(placed_.begin() + static_cast<std::ptrdiff_t>(std::min(n, placed_.size())), placed_.end());
  }
  std::vector<Piece> take() { return std::move(placed_); }

 private:
  void put(const Blank& b, const Shape& s) {
    placed_.push_back({fmt::format("T{}", placed_.size() + 1), b.kind, s});
  }

  const Edition& e_;
  Table table_;
  Rng& rng_;
  std::vector<Piece> placed_;
};

std::vector<Box> quadrants(const Table& t) {
  double h = t.inches / 2;
  return {{0, 0, h, h}, {h, 0, t.inches, h}, {0, h, h, t.inches}, {h, h, t.inches, t.inches}};
}
Point middle(const Box& b) {
  return {(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2};
}
const Shape& shape_of(const Draw& d, std::size_t i) {
  return d.placed()[i].shape;
}
// Cluster and scatter, step 1: SR2017 "Place a LOS-blocking terrain piece touching the center point
// of the table"; SR2023's cluster "within 1\" the center point" (the method's centre_inches).
Point near_centre(Draw& d, const Blank& b, double within) {
  return d.around(d.table().centre(), std::min(b.width, b.depth) / 2 + within);
}
bool at_centre(const Draw& d, const Shape& s, double within) {
  return distance(s, d.table().centre()) <= within;
}
bool on_centre(Draw& d, const Blank& b, double within) {
  return d.place(
      b, [&] { return near_centre(d, b, within); }, [&](const Shape& s) { return at_centre(d, s, within); });
}

// Cluster step 5: "Place all remaining terrain pieces within 6" of each other but not within 8" of any
// terrain piece placed in steps 1-4." Pieces 1-5 leave only a few patches of the table that far away,
// too small to hit by drawing points anywhere, so each piece is drawn from the cells of a 1" grid
// (jittered within the cell) whose centre can still work: a piece holds the disc of its inradius
// around its centre and lies inside the disc of its half-diagonal, which bounds its distances to the
// pieces already down. When a piece finds no place the previous one moves (depth-first, each piece
// trying up to `branches` places), so a table is redrawn only when the cluster truly leaves no room.
bool group(Draw& d, const std::vector<Blank>& blanks, Point away, std::size_t i, int branches) {
  if (i == blanks.size()) return true;
  const Blank& b = blanks[i];
  const double inradius = std::min(b.width, b.depth) / 2;
  const std::size_t n = d.placed().size();
  std::vector<Box> box(n);  // a box's distance never exceeds its piece's, so it settles most tests
  for (std::size_t k = 0; k < n; ++k) box[k] = bounds(shape_of(d, k));
  Piece disc{{}, b.kind, {}};
  auto may_fit = [&](Point c) {
    for (std::size_t k = 0; k < n; ++k) {
      double to_box = box_distance(box[k], c);
      if (k < 5 ? to_box < 8 + inradius && distance(shape_of(d, k), c) < 8 + inradius
                : to_box > 6 + b.radius() || distance(shape_of(d, k), c) > 6 + b.radius())
        return false;
    }
    disc.shape = Shape::circle_at(c, 2 * inradius);
    return piece_fits(d.edition(), d.table(), d.placed(), disc);
  };
  auto fits = [&](const Shape& s) {
    for (std::size_t k = 0; k < n; ++k)
      if (k < 5 ? distance(s, shape_of(d, k)) < 8 : distance(s, shape_of(d, k)) > 6) return false;
    return true;
  };
  // Where to look: the first piece in the quarter of the table at the free corner (only its few
  // deepest places are tried), each later one within reach of every piece of the group.
  const double half = d.table().inches / 2;
  Box area{away.x == 0 ? 0 : half, away.y == 0 ? 0 : half, 0, 0};
  area.x1 = area.x0 + half, area.y1 = area.y0 + half;
  for (std::size_t k = 5; k < n; ++k) {
    const double reach = 6 + b.radius();
    Box near{box[k].x0 - reach, box[k].y0 - reach, box[k].x1 + reach, box[k].y1 + reach};
    area = k == 5 ? near
                  : Box{std::max(area.x0, near.x0), std::max(area.y0, near.y0), std::min(area.x1, near.x1),
                        std::min(area.y1, near.y1)};
  }
  // The group packs tight into the corner the cluster left free: its first piece as deep in the
  // corner as it fits, each next one as close to the group as it fits, so the last still finds room.
  std::vector<std::pair<double, Point>> cells;
  for (Point c : d.cells(area, may_fit)) {
    double key = i == 5 ? std::hypot(c.x - away.x, c.y - away.y) : 0;
    for (std::size_t k = 5; k < n; ++k) key = std::max(key, distance(shape_of(d, k), c));
    cells.push_back({key, c});
  }
  std::sort(cells.begin(), cells.end(), [](const auto& p, const auto& q) { return p.first < q.first; });
  int tried = 0;
  for (const auto& [key, c] : cells) {
    if (!d.try_shape(b, d.shape(b, c), fits)) continue;
    if (group(d, blanks, away, i + 1, branches)) return true;
    d.truncate(i);
    if (++tried == branches) break;
  }
  return false;
}

// Cluster: 1. a LOS-blocking piece at the centre (centre_inches); 2. within 6" of the centre and of piece 1;
// 3.-4. within 6" of piece 1 and of the last piece, until five; 5. the rest within 6" of each other
// and not within 8" of pieces 1-5 ("steps 1-4").
bool cluster(Draw& d, const TerrainMethod& m, const std::vector<Blank>& blanks) {
  const Point c = d.table().centre();
  const double far = d.table().inches;
  const Point away{d.rng().below(2) * far, d.rng().below(2) * far};  // the corner step 5 will use
  for (std::size_t i = 0; i < std::min<std::size_t>(blanks.size(), 5); ++i) {
    const Blank& b = blanks[i];
    const Shape* last = i > 0 ? &shape_of(d, i - 1) : nullptr;
    auto where = [&]() -> Point {
      return i == 0   ? near_centre(d, b, m.centre_inches)
             : i == 1 ? d.around(c, 6 + b.radius())
                      : d.near(b, *last, 6);
    };
    auto ok = [&](const Shape& s) {
      if (i == 0) return at_centre(d, s, m.centre_inches);
      if (i == 1) return distance(s, c) <= 6 && distance(s, shape_of(d, 0)) <= 6;
      return distance(s, shape_of(d, 0)) <= 6 && distance(s, *last) <= 6;
    };
    if (!d.place_away(b, away, where, ok, kAwayCandidates)) return false;
  }
  return group(d, blanks, away, 5, kGroupBranches);
}

// Quadrant: 2. in each quadrant a piece completely within it and within 5" of the table's centre;
// 3. in each quadrant a piece completely within it and within 5" of the quadrant's centre.
bool quadrant(Draw& d, const TerrainMethod&, const std::vector<Blank>& blanks) {
  auto qs = quadrants(d.table());
  for (std::size_t i = 0; i < blanks.size(); ++i) {
    const Box& q = qs[i % 4];
    Point target = i < 4 ? d.table().centre() : middle(q);
    const Blank& b = blanks[i];
    if (!d.place(
            b, [&] { return d.around(target, 5 + b.radius()); },
            [&](const Shape& s) { return inside(s, q) && distance(s, target) <= 5; }))
      return false;
  }
  return true;
}

// Scatter: 2. a LOS-blocking piece touching the centre; 3. a piece touching each quadrant's centre,
// scattered d3" in a direction of the deviation template ("If the scatter would result in illegal
// terrain placement, instead move the terrain piece in the direction rolled up to the maximum distance
// that would lead to a legal placement"); 4. the rest within 10" of the first piece.
bool scatter(Draw& d, const TerrainMethod& m, const std::vector<Blank>& blanks) {
  auto qs = quadrants(d.table());
  for (std::size_t i = 0; i < blanks.size(); ++i) {
    const Blank& b = blanks[i];
    bool ok = false;
    if (i == 0) {
      ok = on_centre(d, b, m.centre_inches);
    } else if (i < 5) {
      Point q = middle(qs[i - 1]);
      for (int attempt = 0; attempt < kPieceAttempts && !ok; ++attempt) {
        double angle = (d.rng().roll(6) - 1) * std::numbers::pi / 3;
        int inches = d.rng().roll(3);
        Shape s = d.shape(b, q);
        for (int step = inches * 4; step >= 0 && !ok; --step) {  // quarter inches, farthest first
          Shape moved = s;
          // The offset cut towards the quadrant's centre at the hundredth the JSON writes, so the
          // written piece never scatters farther than the die said (rounding 3" at 60° gives 3.002").
          auto cut = [](double v) { return std::trunc(v * 100) / 100; };
          moved.centre = {q.x + cut(step / 4.0 * std::cos(angle)), q.y + cut(step / 4.0 * std::sin(angle))};
          ok = d.try_shape(b, moved, [](const Shape&) { return true; });
        }
      }
    } else {
      const Shape first = shape_of(d, 0);
      ok = d.place(
          b, [&] { return d.near(b, first, 10); }, [&](const Shape& s) { return distance(s, first) <= 10; });
    }
    if (!ok) return false;
  }
  return true;
}

bool random_method(Draw& d, const TerrainMethod&, const std::vector<Blank>& blanks) {
  for (const Blank& b : blanks)
    if (!d.place(
            b, [&] { return d.anywhere(); }, [](const Shape&) { return true; }))
      return false;
  return true;
}

// Which pieces go on this table, in placement order: enough LOS-blocking ones for the rule (one of
// them first when the method starts with a LOS-blocking centre piece), most of the rest unrestricted
// (SR2017 "We recommend that the majority of terrain on a table be unrestricted terrain").
Result<std::vector<Blank>> choose(const Edition& e, const TerrainMethod& m,
                                  const std::vector<InventoryItem>& inv, Rng& rng, bool los_first,
                                  int want_pieces) {
  std::vector<Blank> los, other;
  for (const InventoryItem& item : inv) {
    const TerrainKind* k = e.terrain.find_kind(item.kind);
    for (int i = 0; i < item.count; ++i)
      (k->los_blocking ? los : other)
          .push_back({item.kind, item.shape, item.width, item.depth, k->restricted});
  }
  int n = std::min<int>(want_pieces, static_cast<int>(los.size() + other.size()));
  if (n < m.min_pieces)
    return fail("inventory", m.rule,
                fmt::format("holds {} pieces; the {} method needs at least {}", los.size() + other.size(),
                            m.key, m.min_pieces));
  int need_los =
      std::max(e.terrain.min_los_blocking ? e.terrain.min_los_blocking->count : 0, los_first ? 1 : 0);
  if (static_cast<int>(los.size()) < need_los)
    return fail("inventory", los_first ? m.rule : e.terrain.min_los_blocking->rule,
                fmt::format("holds {} LOS-blocking piece(s) (forest, dense fog, obstruction); {} needed",
                            los.size(), need_los));
  rng.shuffle(los);
  rng.shuffle(other);
  std::vector<Blank> out(los.begin(), los.begin() + need_los);
  std::vector<Blank> rest(los.begin() + need_los, los.end());
  rest.insert(rest.end(), other.begin(), other.end());
  rng.shuffle(rest);
  std::stable_partition(rest.begin(), rest.end(), [](const Blank& b) { return !b.restricted; });
  // Unrestricted first, then restricted; pick a random restricted share below half.
  int restricted_max =
      std::max(0, (n - 1) / 2 - static_cast<int>(std::count_if(out.begin(), out.end(),
                                                               [](const Blank& b) { return b.restricted; })));
  int unrestricted =
      static_cast<int>(std::count_if(rest.begin(), rest.end(), [](const Blank& b) { return !b.restricted; }));
  int want = n - need_los;
  int take_restricted = std::clamp(want - unrestricted, 0, want);
  if (take_restricted < restricted_max)
    take_restricted +=
        static_cast<int>(rng.below(static_cast<std::uint64_t>(restricted_max - take_restricted + 1)));
  take_restricted = std::min<int>(take_restricted, static_cast<int>(rest.size()) - unrestricted);
  std::vector<Blank> pick(rest.begin(), rest.begin() + std::min(unrestricted, want - take_restricted));
  pick.insert(pick.end(), rest.begin() + unrestricted, rest.begin() + unrestricted + take_restricted);
  rng.shuffle(pick);
  if (!los_first) {
    out.insert(out.end(), pick.begin(), pick.end());
    rng.shuffle(out);
  } else {
    out.insert(out.begin() + 1, pick.begin(), pick.end());
  }
  return out;
}

}  // namespace

Result<Placement> generate_terrain(const Edition& e, const GenerateRequest& request) {
  bool rumble = request.rumble && e.table.rumble;
  if (request.rumble && !e.table.rumble)
    return fail("rumble", "",
                fmt::format("{} has no Rumble game; its table is {}\"", e.id, e.table.standard.inches));
  std::string key = request.method.empty()
                        ? (rumble ? e.terrain.rumble_method : e.terrain.methods.front().key)
                        : request.method;
  const TerrainMethod* m = e.terrain.find_method(key);
  if (!m)
    return fail(
        "method", e.terrain.kinds_rule.empty() ? "" : e.id + " \"Terrain Setup Methods\"",
        fmt::format("'{}' is not a terrain setup method of {} ({})", key, e.id, e.terrain.method_keys()));
  std::vector<InventoryItem> inventory = request.inventory.empty() ? default_inventory(e) : request.inventory;
  GAUNTLET_CHECK(validate_inventory(e, inventory));
  Rng rng = Rng::derive(request.seed, "terrain", request.table);
  Draw draw(e, table_of(e, rumble), rng);
  bool los_first = m->key == "cluster" || m->key == "scatter";
  auto steps = m->key == "cluster"    ? cluster
               : m->key == "quadrant" ? quadrant
               : m->key == "scatter"  ? scatter
                                      : random_method;
  for (int attempt = 0; attempt < kTableAttempts; ++attempt) {
    // The method's most pieces first (SR2017 "We highly recommend using eight pieces of terrain per
    // table if possible"); a piece fewer after every kDrawsPerCount tables that could not be finished.
    int want = std::max(m->min_pieces, m->max_pieces - attempt / kDrawsPerCount);
    GAUNTLET_TRY(std::vector<Blank> blanks, choose(e, *m, inventory, rng, los_first, want));
    draw.clear();
    if (!steps(draw, *m, blanks)) continue;
    Placement p{e.id, m->key, rumble, request.seed, request.table, draw.take()};
    if (legal(check_terrain(e, p))) return p;
  }
  return fail(
      "inventory", m->rule,
      fmt::format("no legal {} table found in {} draws with these pieces; try smaller or fewer pieces",
                  m->key, kTableAttempts));
}

}  // namespace gauntlet::tabletop
