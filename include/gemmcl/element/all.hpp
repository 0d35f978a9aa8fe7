#pragma once
// The element types gemmcl ships, in the one list that registers them: including this makes them
// available to Element<T>. A new type is a file beside these and one line here.

#include "bfloat16.hpp"
#include "double.hpp"
#include "float.hpp"
#include "half.hpp"
