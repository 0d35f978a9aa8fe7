// Must not compile: the tuner asked for half, whose products run on tensor cores or float kernels.
#include <gemmcl/tune.hpp>

void call(cl::CommandQueue& q) { (void)gemmcl::tune::tune<gemmcl::half>(q); }

int main() { return 0; }
