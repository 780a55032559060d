#!/usr/bin/env python3
"""cuBLAS FP32 SGEMM through PyTorch, the baseline of samples/sgemm.cpp.

    python3 scripts/cublas_sgemm.py [N ...] [--reps R]     (default: 4096 8192, R = 20)

C = A @ B for N x N float32 matrices on the first CUDA device, TF32 off (so the
GPU's FP32 units do the work, as in samples/sgemm), timed with CUDA events
around R back-to-back matmuls after three warm-up ones. Prints ms per matmul
and TFLOP/s (2 N^3 flops per matmul), and checks one row against float64.
"""
import argparse

import torch


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sizes", nargs="*", type=int, default=[4096, 8192])
    parser.add_argument("--reps", type=int, default=20)
    args = parser.parse_args()

    # Exact FP32: no TF32 tensor-core shortcut anywhere.
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")

    device = torch.device("cuda")
    print(f"cuBLAS SGEMM (PyTorch {torch.__version__}, CUDA {torch.version.cuda}) on "
          f"{torch.cuda.get_device_name(device)}, TF32 off")
    for n in args.sizes:
        gen = torch.Generator(device=device).manual_seed(n)
        a = torch.rand(n, n, device=device, dtype=torch.float32, generator=gen) * 2 - 1
        b = torch.rand(n, n, device=device, dtype=torch.float32, generator=gen) * 2 - 1
        c = torch.empty(n, n, device=device, dtype=torch.float32)
        for _ in range(3):
            torch.matmul(a, b, out=c)
        torch.cuda.synchronize()
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(args.reps):
            torch.matmul(a, b, out=c)
        end.record()
        torch.cuda.synchronize()
        ms = start.elapsed_time(end) / args.reps
        tflops = 2.0 * n ** 3 / (ms * 1e-3) / 1e12
        # One row against float64: a TF32 result would be off by ~1e-3 relative.
        row = n // 3
        ref = a[row].double() @ b.double()
        err = ((c[row].double() - ref).abs().max() / ref.abs().max()).item()
        print(f"N = {n}: {ms:.3f} ms per matmul, {tflops:.2f} TFLOP/s "
              f"({args.reps} reps; row {row} max error {err:.1e} of its largest entry)")


if __name__ == "__main__":
    main()
