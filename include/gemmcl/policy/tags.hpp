#pragma once
// The policy types a user writes. Each is an empty tag that re-exports its parameters as static constexpr
// members and names its kind, so that policies can be given to Gemm<...> in any order. Rules that concern
// one policy alone are checked here; rules between policies are checked in resolve.hpp.

#include <type_traits>

#include "../element/element.hpp"

namespace gemmcl {

// What a policy is about; one of each kind at most.
namespace kind {
struct tile {};
struct vec {};
struct work_per_thread {};
struct element {};
struct math {};
struct local_memory {};
struct padding {};
struct prefetch {};
struct register_prefetch {};
struct pipeline {};
struct unroll {};
struct split_k {};
struct pack {};
struct warp_layout {};
struct slice_k {};
struct in_step {};
struct images {};
struct epilogue {};
struct layout {};
struct vendor {};
}  // namespace kind

// Work-group tile: the work-group computes an M x N block of C and walks K in steps of K.
template <int M, int N, int K>
struct Tile {
  static_assert(M > 0 && N > 0 && K > 0, "gemmcl::Tile<M,N,K>: every extent must be positive");
  using policy_kind = kind::tile;
  static constexpr int m = M;
  static constexpr int n = N;
  static constexpr int k = K;
};

// Vector width of global loads, local-memory reads and the accumulators along M.
template <int W>
struct Vec {
  static_assert(W == 1 || W == 2 || W == 4 || W == 8 || W == 16,
                "gemmcl::Vec<W>: OpenCL vector types exist for W = 1, 2, 4, 8 and 16 only");
  using policy_kind = kind::vec;
  static constexpr int width = W;
};

// Register tile: each work-item computes M x N elements of C (2D register blocking): blocks of W
// consecutive rows, and (with B in local memory) blocks of W consecutive columns, spread over the tile
// so that neighbouring work-items read neighbouring local memory as whole vectors. With B read from
// global memory a work-item's N columns are one consecutive run.
template <int M, int N>
struct WorkPerThread {
  static_assert(M > 0 && N > 0, "gemmcl::WorkPerThread<M,N>: both extents must be positive");
  using policy_kind = kind::work_per_thread;
  static constexpr int m = M;
  static constexpr int n = N;
};

namespace detail {
template <class T, class C>
constexpr bool valid_c_type() {
  if constexpr (std::is_same_v<C, T> || !element::Type<T>)
    return true;  // (a T that is no element type has its own message)
  else
    return element::info_of<T>.compute != nullptr && std::is_same_v<C, element::compute_t<T>>;
}
}  // namespace detail

// Element types: A and B hold T, C holds C (by default T). T is any type with an element_traits<T>
// specialization (element/: float, double, half, bfloat16); alpha and beta are its
// element_traits<T>::scalar (float for half and bfloat16). A 16-bit T may have a float C
// (Element<half, float>, Element<bfloat16, float>); products always accumulate in float or wider.
template <class T, class C = T>
struct Element {
  static_assert(element::Type<T>,
                "gemmcl::Element<T>: T is not an element type: gemmcl has float, double, half and bfloat16 "
                "(include <gemmcl/gemm.hpp>), and a type of your own needs a gemmcl::element_traits<T> "
                "specialization (element/element.hpp)");
  static_assert(detail::valid_c_type<T, C>(),
                "gemmcl::Element<T, C>: C must be T, or float when T is a 16-bit type (Element<half, float>, "
                "Element<bfloat16, float>): there is no kernel for other mixes");
  using policy_kind = kind::element;
  using type = T;
  using c_type = C;
};

// How products of float elements may be computed. Default: in IEEE float. TF32: on devices with
// TF32 tensor cores (NVIDIA compute capability 8.0 and up) the inputs may be rounded to TF32 (10
// fraction bits) before they are multiplied, as cuBLAS's TF32 mode does; elsewhere products stay float.
// Never used unless asked, since it changes results.
enum class MathMode { Default, TF32 };

template <MathMode M>
struct Math {
  using policy_kind = kind::math;
  static constexpr MathMode mode = M;
};

// Which operand tiles are staged in local memory (the generator paper's "local memory for A and/or B").
// An operand not staged is read by each work-item straight from global memory; with neither staged
// the kernel has no barriers at all, which suits CPU devices.
enum class Operands { None, A, B, Both };

template <Operands O>
struct LocalMemory {
  using policy_kind = kind::local_memory;
  static constexpr Operands operands = O;
  static constexpr bool a = O == Operands::A || O == Operands::Both;
  static constexpr bool b = O == Operands::B || O == Operands::Both;
};

// Extra elements at the end of each row of a local-memory tile, so that transposing stores fall in
// different banks (tutorial kernel 5).
template <int P>
struct Padding {
  static_assert(P >= 0 && P <= 64, "gemmcl::Padding<P>: P must be between 0 and 64 elements");
  using policy_kind = kind::padding;
  static constexpr int elements = P;
};

// Double-buffered local tiles: the next K tile is fetched into registers while the current one is
// multiplied, leaving one barrier per K step (tutorial kernel 9).
template <bool On>
struct Prefetch {
  using policy_kind = kind::prefetch;
  static constexpr bool enabled = On;
};

// A pipeline of S local buffers per operand, filled straight from global memory: S - 1 K steps are
// in flight while one is multiplied, with one barrier per step. The copies are the vendor's: on NVIDIA
// (compute capability 8.0 and up) cp.async, which moves data into local memory without passing
// through registers; elsewhere plain loads and stores, which keep the kernel correct on every device.
// It replaces Prefetch<true> (register-staged double buffering) and needs both operands in local memory.
template <int S>
struct Pipeline {
  static_assert(S >= 2 && S <= 8, "gemmcl::Pipeline<S>: S is the number of local buffers, 2 to 8");
  using policy_kind = kind::pipeline;
  static constexpr int stages = S;
};

// Register double-buffering: each K step's operands are read from local memory into registers while
// the step before is multiplied, and the next tile's first step right after the barrier, so the
// latency of local reads overlaps the FMAs instead of following each barrier. Needs both operands in
// local memory, Prefetch<true> or Pipeline<S>, the whole tile K unrolled and an even tile K.
template <bool On>
struct RegisterPrefetch {
  using policy_kind = kind::register_prefetch;
  static constexpr bool enabled = On;
};

// How many K steps of the innermost loop are unrolled (CLBlast's KWI). By default the whole tile's K is
// unrolled; a smaller factor keeps a large register tile's loop body small enough for the instruction
// cache.
template <int U>
struct Unroll {
  static_assert(U >= 1, "gemmcl::Unroll<U>: U must be at least 1");
  using policy_kind = kind::unroll;
  static constexpr int factor = U;
};

// Split K: when a problem has too few tiles of C to fill the device (deep or skinny products), its K
// range is divided among S groups of work-groups whose partial products are added in a fixed order, so
// results are deterministic. S = 0 (the default) lets the runtime choose from the shape and the
// device's compute units; S = 1 never splits; S > 1 splits into at most S parts.
//
// R says who adds the parts. InKernel: the last work-group to finish each tile of C (an atomic ticket
// per tile) adds that tile's parts and writes C, so the call is one kernel; it suits a few parts per
// tile, since one work-group reads them all. SecondPass: a second kernel adds them, every element in
// parallel; it suits many parts. Auto (the default): the runtime chooses by the number of parts.
enum class Reduction { Auto, InKernel, SecondPass };

template <int S, Reduction R = Reduction::Auto>
struct SplitK {
  static_assert(S >= 0 && S <= 1024, "gemmcl::SplitK<S>: S must be between 0 (automatic) and 1024");
  using policy_kind = kind::split_k;
  static constexpr int splits = S;
  static constexpr Reduction reduction = R;
};

// Misaligned operands. Whole-vector loads of A or B need its offset and leading dimension to be
// multiples of Vec<W>; otherwise the kernel reads it element by element, which on GPUs costs up to a
// fifth of the speed (an H200 at 4095^3). Packing copies such an operand into a scratch buffer whose
// leading dimension is a multiple of 32 elements before the product, one extra pass over it. Auto (the
// default) packs on GPUs when the product is large enough to repay the copy (runtime/pack.hpp), and on
// CPUs copies a transposed A or B into its untransposed order, which gemmcl's CPU kernels read as
// streams; Always packs every misaligned operand; Never copies nothing and keeps the element-wise
// reads. A misaligned C needs no copy: it is read and written once, element by element.
enum class Packing { Auto, Always, Never };

template <Packing P>
struct Pack {
  using policy_kind = kind::pack;
  static constexpr Packing when = P;
};

// How work-items are grouped into warps (NVIDIA: 32 lanes that read local memory together). By default
// 32 consecutive work-items along M form a group; WarpLayout<L> makes each group L work-items along M by
// 32 / L along N, so one local-memory read of a group touches fewer distinct addresses. It only
// renumbers work-items, so it is correct on every device.
template <int LanesM>
struct WarpLayout {
  static_assert(LanesM == 1 || LanesM == 2 || LanesM == 4 || LanesM == 8 || LanesM == 16 ||
                    LanesM == 32,
                "gemmcl::WarpLayout<L>: L must divide 32");
  using policy_kind = kind::warp_layout;
  static constexpr int lanes_m = LanesM;
};

// Sliced K: the work-group holds S copies of its grid of register tiles (S times the work-items), and
// copy s multiplies the s-th of S equal slices of every K step staged in local memory; at the end the
// copies' tiles are added through local memory, each copy adding and storing a 1/S share. Where a
// problem has few tiles of C, it gives each tile more warps without the global partial products of
// SplitK, and lets each work-item keep a large register tile, which reads less local memory per FMA
// (CUTLASS calls it sliced-K). Needs both operands in local memory; K / S must be whole.
template <int S>
struct SliceK {
  static_assert(S >= 1 && S <= 16, "gemmcl::SliceK<S>: S must be between 1 (no slicing) and 16");
  using policy_kind = kind::slice_k;
  static constexpr int slices = S;
};

// A work-group barrier at every K step of kernels that have none (no operand in local memory), so that
// the work-items of a group walk K together and find each other's operands still in cache (Intel's
// SGEMM article measured it on its L3_SIMD kernels). It changes no result.
template <bool On>
struct InStep {
  using policy_kind = kind::in_step;
  static constexpr bool enabled = On;
};

// Operands read from 2D images instead of buffers (the generator paper's images for A and/or B, and
// the Intel article's block_read family): reads go through the texture path, which caches in two
// dimensions. The runtime makes an image from the user's buffer where the device allows
// (cl_khr_image2d_from_buffer, pitch and base-address alignment), from an aligned copy otherwise;
// results are the same as with buffers. Needs a sub-group vendor path (vendor::IntelSubgroups or
// vendor::KhronosSubgroups), with the operand not in local memory.
template <Operands O>
struct Images {
  static_assert(O != Operands::None, "gemmcl::Images<O>: name the operands to read from images (A, B or Both)");
  using policy_kind = kind::images;
  static constexpr Operands operands = O;
  static constexpr bool a = O == Operands::A || O == Operands::Both;
  static constexpr bool b = O == Operands::B || O == Operands::Both;
};

// Vendor paths (VendorPolicy). Each tag names a target, whose file in target/ says which devices it
// runs on and what it writes into the kernel; the generic one, which runs on every OpenCL device, is
// also the default, so its tag lives here.
namespace vendor {
struct Generic {
  using policy_kind = kind::vendor;
};
}  // namespace vendor

}  // namespace gemmcl
