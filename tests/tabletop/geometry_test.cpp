// Distances as the terrain rules measure them: edge to edge, "any portion of the terrain".
#include "tabletop/geometry.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace gauntlet::tabletop {
namespace {

TEST(Geometry, TwoSquaresSideBySideAreTheGapApart) {
  Shape a{Shape::rect, {10, 10}, 4, 4, 0}, b{Shape::rect, {16, 10}, 4, 4, 0};
  EXPECT_DOUBLE_EQ(distance(a, b), 2);
}

TEST(Geometry, ATurnedSquareMeasuresFromItsCorner) {
  // A 4" square turned 45 degrees reaches 2*sqrt(2) from its centre.
  Shape a{Shape::rect, {10, 10}, 4, 4, 45}, b{Shape::rect, {20, 10}, 4, 4, 0};
  EXPECT_NEAR(distance(a, b), 10 - 2 - 2 * std::sqrt(2.0), 1e-9);
}

TEST(Geometry, OverlappingAndTouchingShapesAreZeroApart) {
  Shape a{Shape::rect, {10, 10}, 4, 4, 0}, b{Shape::rect, {12, 11}, 4, 4, 30},
      c{Shape::rect, {14, 10}, 4, 4, 0};
  EXPECT_EQ(distance(a, b), 0);
  EXPECT_NEAR(distance(a, c), 0, 1e-12);
}

TEST(Geometry, CirclesMeasureFromTheirRim) {
  Shape hill = Shape::circle_at({10, 10}, 6);
  EXPECT_DOUBLE_EQ(distance(hill, Shape::circle_at({20, 10}, 4)), 5);
  EXPECT_DOUBLE_EQ(distance(hill, Shape{Shape::rect, {10, 20}, 4, 4, 0}), 5);
  EXPECT_DOUBLE_EQ(distance(hill, Point{10, 10}), 0);
  EXPECT_DOUBLE_EQ(distance(hill, Point{10, 15}), 2);
}

TEST(Geometry, CompletelyWithinNeedsTheWholeShape) {
  Box quadrant{0, 0, 24, 24};
  EXPECT_TRUE(inside(Shape{Shape::rect, {20, 20}, 6, 4, 0}, quadrant));
  EXPECT_FALSE(inside(Shape{Shape::rect, {22, 20}, 6, 4, 0}, quadrant));  // 25" on the right
  EXPECT_TRUE(overlaps(Shape{Shape::rect, {22, 20}, 6, 4, 0}, quadrant));
  // Turned 90 degrees the 6" side runs along y.
  EXPECT_TRUE(inside(Shape{Shape::rect, {22, 20}, 6, 4, 90}, quadrant));
}

TEST(Geometry, ABoxIsNeverFartherThanTheShapeInsideIt) {
  // The generator's cheap pre-test: the bounds' distance to a point is a lower bound of the shape's.
  Shape turned{Shape::rect, {10, 10}, 6, 4, 30};
  Box b = bounds(turned);
  for (Point p : {Point{0, 0}, Point{20, 10}, Point{10, 16}, Point{13, 13}, Point{10, 10}})
    EXPECT_LE(box_distance(b, p), distance(turned, p) + 1e-12) << p.x << "," << p.y;
  EXPECT_DOUBLE_EQ(box_distance({0, 0, 4, 4}, {7, 8}), 5);
  EXPECT_EQ(box_distance({0, 0, 4, 4}, {2, 2}), 0);
}

TEST(Geometry, EveryRotationTurnsTheCornersTheSameWay) {
  // Rotations in the generator's 15-degree steps come from a table; any other angle is computed.
  for (double degrees : {0.0, 15.0, 45.0, 90.0, 165.0, 7.5, 200.0}) {
    Shape s{Shape::rect, {0, 0}, 2, 0, degrees};
    double r = degrees * std::acos(-1.0) / 180;
    EXPECT_NEAR(corners(s)[1].x, std::cos(r), 1e-12) << degrees;
    EXPECT_NEAR(corners(s)[1].y, std::sin(r), 1e-12) << degrees;
  }
}

}  // namespace
}  // namespace gauntlet::tabletop
