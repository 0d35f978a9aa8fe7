# Writes shim.c: an LD_PRELOAD library that counts and times the OpenCL entry points a gemmcl call uses
# (host_cost.cpp prints the table).  python3 clshim.py && gcc -O2 -shared -fPIC -w shim.c -o libclshim.so -ldl
funcs = [
 ("clSetKernelArg","cl_int","cl_kernel a, cl_uint b, size_t c, const void* d","a,b,c,d"),
 ("clEnqueueNDRangeKernel","cl_int","cl_command_queue a, cl_kernel b, cl_uint c, const size_t* d, const size_t* e, const size_t* f, cl_uint g, const cl_event* h, cl_event* i","a,b,c,d,e,f,g,h,i"),
 ("clGetMemObjectInfo","cl_int","cl_mem a, cl_mem_info b, size_t c, void* d, size_t* e","a,b,c,d,e"),
 ("clGetCommandQueueInfo","cl_int","cl_command_queue a, cl_command_queue_info b, size_t c, void* d, size_t* e","a,b,c,d,e"),
 ("clGetDeviceInfo","cl_int","cl_device_id a, cl_device_info b, size_t c, void* d, size_t* e","a,b,c,d,e"),
 ("clGetContextInfo","cl_int","cl_context a, cl_context_info b, size_t c, void* d, size_t* e","a,b,c,d,e"),
 ("clGetKernelInfo","cl_int","cl_kernel a, cl_kernel_info b, size_t c, void* d, size_t* e","a,b,c,d,e"),
 ("clGetEventInfo","cl_int","cl_event a, cl_event_info b, size_t c, void* d, size_t* e","a,b,c,d,e"),
 ("clRetainEvent","cl_int","cl_event a","a"),
 ("clReleaseEvent","cl_int","cl_event a","a"),
 ("clRetainMemObject","cl_int","cl_mem a","a"),
 ("clReleaseMemObject","cl_int","cl_mem a","a"),
 ("clRetainKernel","cl_int","cl_kernel a","a"),
 ("clReleaseKernel","cl_int","cl_kernel a","a"),
 ("clRetainCommandQueue","cl_int","cl_command_queue a","a"),
 ("clReleaseCommandQueue","cl_int","cl_command_queue a","a"),
 ("clRetainContext","cl_int","cl_context a","a"),
 ("clReleaseContext","cl_int","cl_context a","a"),
 ("clRetainDevice","cl_int","cl_device_id a","a"),
 ("clReleaseDevice","cl_int","cl_device_id a","a"),
 ("clGetKernelWorkGroupInfo","cl_int","cl_kernel a, cl_device_id b, cl_kernel_work_group_info c, size_t d, void* e, size_t* f","a,b,c,d,e,f"),
 ("clEnqueueMarkerWithWaitList","cl_int","cl_command_queue a, cl_uint b, const cl_event* c, cl_event* d","a,b,c,d"),
 ("clFlush","cl_int","cl_command_queue a","a"),
 ("clGetPlatformInfo","cl_int","cl_platform_id a, cl_platform_info b, size_t c, void* d, size_t* e","a,b,c,d,e"),
]
out = ['#define CL_TARGET_OPENCL_VERSION 300','#include <CL/cl.h>','#include <dlfcn.h>','#include <stdio.h>','#include <stdlib.h>','#include <time.h>',
'static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e6+t.tv_nsec*1e-3;}',
'static int on(){static int v=-1; if(v<0){const char*e=getenv("SHIM_ON"); v=e&&*e=='"'"'1'"'"';} return v;}',
f'static long cnt[{len(funcs)}]; static double tim[{len(funcs)}];',
f'static const char* names[{len(funcs)}]={{' + ','.join('"%s"'%f[0] for f in funcs) + '};',
'void shim_reset(void){for(int i=0;i<%d;++i){cnt[i]=0;tim[i]=0;}}'%len(funcs),
'void shim_dump(const char* tag, long calls){fprintf(stderr,"== shim %%s (per call of %%ld)\\n",tag,calls);for(int i=0;i<%d;++i) if(cnt[i]) fprintf(stderr,"  %%-28s %%6.2f calls %%7.3f us\\n",names[i],(double)cnt[i]/calls,tim[i]/calls);}'%len(funcs),
]
for i,(n,r,p,a) in enumerate(funcs):
    out.append(f'CL_API_ENTRY {r} CL_API_CALL {n}({p}) {{ static {r} (*real)({p}); if(!real) real=({r}(*)({p}))dlsym(RTLD_NEXT,"{n}"); double t0=now(); {r} x=real({a}); tim[{i}]+=now()-t0; cnt[{i}]++; return x; }}')
open('shim.c','w').write('\n'.join(out)+'\n')
