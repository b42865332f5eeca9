// Distances between convex shapes: overlap by the separating-axis test, otherwise the smallest
// corner-to-edge distance (for two convex polygons the closest pair always involves a corner).
#include "tabletop/geometry.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <tuple>
#include <utility>

namespace gauntlet::tabletop {
namespace {

double dot(Point a, Point b) {
  return a.x * b.x + a.y * b.y;
}
Point sub(Point a, Point b) {
  return {a.x - b.x, a.y - b.y};
}
double norm(Point a) {
  return std::sqrt(dot(a, a));
}

double segment_distance(Point p, Point a, Point b) {
  Point ab = sub(b, a);
  double len2 = dot(ab, ab);
  double t = len2 == 0 ? 0 : std::clamp(dot(sub(p, a), ab) / len2, 0.0, 1.0);
  return norm(sub(p, {a.x + t * ab.x, a.y + t * ab.y}));
}

bool polygon_contains(const std::array<Point, 4>& poly, Point p) {
  bool sign_set = false, positive = false;
  for (std::size_t i = 0; i < 4; ++i) {
    Point a = poly[i], b = poly[(i + 1) % 4];
    double cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (std::abs(cross) < 1e-12) continue;
    if (!sign_set)
      sign_set = true, positive = cross > 0;
    else if ((cross > 0) != positive)
      return false;
  }
  return true;
}

// Separating-axis test for two convex quadrilaterals.
bool polygons_overlap(const std::array<Point, 4>& p, const std::array<Point, 4>& q) {
  for (const auto* poly : {&p, &q})
    for (std::size_t i = 0; i < 4; ++i) {
      Point edge = sub((*poly)[(i + 1) % 4], (*poly)[i]);
      Point axis{-edge.y, edge.x};
      double pmin = 1e300, pmax = -1e300, qmin = 1e300, qmax = -1e300;
      for (Point c : p) pmin = std::min(pmin, dot(c, axis)), pmax = std::max(pmax, dot(c, axis));
      for (Point c : q) qmin = std::min(qmin, dot(c, axis)), qmax = std::max(qmax, dot(c, axis));
      if (pmax < qmin || qmax < pmin) return false;
    }
  return true;
}

double polygon_point_distance(const std::array<Point, 4>& poly, Point p) {
  if (polygon_contains(poly, p)) return 0;
  double d = 1e300;
  for (std::size_t i = 0; i < 4; ++i) d = std::min(d, segment_distance(p, poly[i], poly[(i + 1) % 4]));
  return d;
}

// cos and sin of a rotation in degrees. The generator turns pieces in 15-degree steps and asks for
// their corners many thousand times a table, so those 24 are worked out once (same values).
void rotation_of(double degrees, double& c, double& s) {
  static const auto steps = [] {
    std::array<std::pair<double, double>, 24> out{};
    for (int i = 0; i < 24; ++i) {
      double r = 15.0 * i * std::numbers::pi / 180;
      out[static_cast<std::size_t>(i)] = {std::cos(r), std::sin(r)};
    }
    return out;
  }();
  if (double step = degrees / 15; step >= 0 && step < 24 && step == std::floor(step)) {
    std::tie(c, s) = steps[static_cast<std::size_t>(step)];
    return;
  }
  double r = degrees * std::numbers::pi / 180;
  c = std::cos(r), s = std::sin(r);
}

}  // namespace

std::array<Point, 4> corners(const Shape& s) {
  double c = 1, sn = 0, hw = s.width / 2, hd = s.depth / 2;
  if (s.kind == Shape::rect && s.rotation != 0) rotation_of(s.rotation, c, sn);
  std::array<Point, 4> out;
  const double xs[4] = {-hw, hw, hw, -hw}, ys[4] = {-hd, -hd, hd, hd};
  for (int i = 0; i < 4; ++i)
    out[i] = {s.centre.x + xs[i] * c - ys[i] * sn, s.centre.y + xs[i] * sn + ys[i] * c};
  return out;
}

Box bounds(const Shape& s) {
  if (s.kind == Shape::circle) {
    double r = s.width / 2;
    return {s.centre.x - r, s.centre.y - r, s.centre.x + r, s.centre.y + r};
  }
  Box b{1e300, 1e300, -1e300, -1e300};
  for (Point c : corners(s))
    b = {std::min(b.x0, c.x), std::min(b.y0, c.y), std::max(b.x1, c.x), std::max(b.y1, c.y)};
  return b;
}

double box_gap(const Shape& a, const Shape& b) {
  Box p = bounds(a), q = bounds(b);
  double dx = std::max({0.0, q.x0 - p.x1, p.x0 - q.x1}), dy = std::max({0.0, q.y0 - p.y1, p.y0 - q.y1});
  return std::sqrt(dx * dx + dy * dy);  // not hypot: no overflow at table sizes, and far cheaper
}

double box_distance(const Box& b, Point p) {
  double dx = std::max({0.0, b.x0 - p.x, p.x - b.x1}), dy = std::max({0.0, b.y0 - p.y, p.y - b.y1});
  return std::sqrt(dx * dx + dy * dy);
}

double distance(const Shape& s, Point p) {
  if (s.kind == Shape::circle) return std::max(0.0, norm(sub(p, s.centre)) - s.width / 2);
  return polygon_point_distance(corners(s), p);
}

double distance(const Shape& a, const Shape& b) {
  if (a.kind == Shape::circle) return std::max(0.0, distance(b, a.centre) - a.width / 2);
  if (b.kind == Shape::circle) return std::max(0.0, distance(a, b.centre) - b.width / 2);
  auto p = corners(a), q = corners(b);
  if (polygons_overlap(p, q)) return 0;
  double d = 1e300;
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 4; ++j) {
      d = std::min(d, segment_distance(p[i], q[j], q[(j + 1) % 4]));
      d = std::min(d, segment_distance(q[j], p[i], p[(i + 1) % 4]));
    }
  return d;
}

bool overlaps(const Shape& s, const Box& b) {
  return distance(s, Shape::box(b)) == 0;
}

bool inside(const Shape& s, const Box& b) {
  Box o = bounds(s);
  return o.x0 >= b.x0 - 1e-9 && o.y0 >= b.y0 - 1e-9 && o.x1 <= b.x1 + 1e-9 && o.y1 <= b.y1 + 1e-9;
}

}  // namespace gauntlet::tabletop
