#pragma once
// Element types. An element type is one specialization of gemmcl::element_traits<T>, in its own file
// (float.hpp, double.hpp), providing:
//
//   using scalar = ...;                           // host type of alpha and beta
//   static constexpr element::Info info = {...};  // what the kernel text and the runtime need, below
//
// Element<T> accepts any T with such a specialization, so a new type is a new file: nothing else in
// the library names float or double. Gemm<> has built-in tables only for the types that dispatch/
// registers; for others it runs its portable configuration.

#include <concepts>
#include <string_view>

#include "../core/error.hpp"

namespace gemmcl {

template <class T>
struct element_traits;  // no definition: T is not an element type

namespace element {

struct Info {
  std::string_view name;        // the OpenCL C type in buffers and registers: "float"
  int bytes = 0;                // its size, the same on host and device
  std::string_view accumulate;  // the OpenCL C type of the accumulators
  std::string_view extension;   // the OpenCL extension the kernel enables ("" if none)
  ErrorCode unsupported = ErrorCode::ElementUnsupported;  // thrown on a device without `extension`
  std::string_view policy;      // how a user writes it, for messages: "Element<double>"

  friend constexpr bool operator==(const Info&, const Info&) = default;
};

// T names an element type: element_traits<T> is specialized with a matching host size.
template <class T>
concept Type = requires {
  typename element_traits<T>::scalar;
  { element_traits<T>::info } -> std::convertible_to<Info>;
} && element_traits<T>::info.bytes == int(sizeof(T));

template <class T>
inline constexpr const Info& info_of = element_traits<T>::info;

}  // namespace element
}  // namespace gemmcl
