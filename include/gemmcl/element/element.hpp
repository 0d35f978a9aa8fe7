#pragma once
// Element types. An element type is one specialization of gemmcl::element_traits<T>, in its own file
// (float.hpp, double.hpp, half.hpp, bfloat16.hpp), providing:
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
  std::string_view name;        // the OpenCL C type in buffers and registers ("float"); for storage types
                                // below, the element's name
  int bytes = 0;                // its size, the same on host and device
  std::string_view accumulate;  // the OpenCL C type of the accumulators
  std::string_view extension;   // the OpenCL extension the kernel enables ("" if none)
  ErrorCode unsupported = ErrorCode::ElementUnsupported;  // thrown on a device without `extension`
  std::string_view policy;      // how a user writes it, for messages: "Element<double>"
  // Storage types (half, bfloat16) hold elements that the generic kernels compute in another type:
  // `compute` is that type (null for types computed in themselves), `storage` the OpenCL C type of a
  // stored element, and `convert` the OpenCL C that defines LOAD_NARROW(p) (a stored element as
  // `compute`) and STORE_NARROW(v, p) (v rounded to nearest even and stored).
  const Info* compute = nullptr;
  std::string_view storage = {};
  std::string_view convert = {};

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

// The type the generic kernels compute a T in: element_traits<T>::compute for storage types, else T.
template <class T>
struct compute_of {
  using type = T;
};
template <class T>
  requires requires { typename element_traits<T>::compute; }
struct compute_of<T> {
  using type = typename element_traits<T>::compute;
};
template <class T>
using compute_t = typename compute_of<T>::type;

}  // namespace element
}  // namespace gemmcl
