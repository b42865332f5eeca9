// Plane geometry of a tabletop in inches: rotated rectangles and circles, and the distances the
// terrain rules measure. SR2017 "Terrain Setup Methods": "when a rule states a piece of terrain must
// be "within" a certain range, that means any portion of the terrain, not the entire piece; if the
// rule states "completely within," however, the entire terrain piece must be within the range."
// So `distance` is edge to edge (0 when shapes touch or overlap) and `inside` is the whole shape.
//
//   Shape forest{Shape::rect, {24, 24}, 6, 4, 30};   // centre, width, depth, rotation in degrees
//   double gap = distance(forest, Shape::circle_at({30, 30}, 5));
//
// x grows to the right, y grows towards player 1's edge (player 2 sits at y = 0).
#pragma once

#include <array>

namespace gauntlet::tabletop {

struct Point {
  double x = 0, y = 0;
};

struct Box {  // axis-aligned, x0 <= x1, y0 <= y1
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

struct Shape {
  enum Kind { rect, circle };
  Kind kind = rect;
  Point centre;
  double width = 0;     // circle: the diameter
  double depth = 0;     // circle: the diameter
  double rotation = 0;  // degrees clockwise, rectangles only

  static Shape circle_at(Point c, double diameter) { return {circle, c, diameter, diameter, 0}; }
  static Shape box(const Box& b) {
    return {rect, {(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2}, b.x1 - b.x0, b.y1 - b.y0, 0};
  }
};

// The four corners of a rectangle (a circle's bounding square).
std::array<Point, 4> corners(const Shape& s);
// Axis-aligned bounds; exact for both kinds.
Box bounds(const Shape& s);
// The gap between the shapes' bounds: a cheap lower bound of `distance`.
double box_gap(const Shape& a, const Shape& b);
// Distance from a box to a point; 0 inside. Never more than `distance` from a shape inside the box.
double box_distance(const Box& b, Point p);
// Closest distance between the shapes' outlines; 0 when they touch or overlap.
double distance(const Shape& a, const Shape& b);
// Closest distance from the shape to a point; 0 when the point is on or inside it.
double distance(const Shape& s, Point p);
// Any portion of the shape inside the box (touching counts).
bool overlaps(const Shape& s, const Box& b);
// The entire shape inside the box.
bool inside(const Shape& s, const Box& b);

}  // namespace gauntlet::tabletop
