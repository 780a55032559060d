// A 2-D heat (Jacobi) stencil split by rows over MPI ranks, one rank per
// accelerator: rank r runs on hardware-or-Vulkan accelerator r mod count (the
// CPU accelerator, which runs no kernels, is skipped). Every iteration each
// rank brings the edge rows its neighbours need home (synchronize of a
// one-row section of its array_view), swaps them with its neighbours
// (MPI_Sendrecv) into its halo rows, tells the view which rows the host
// changed (refresh of the halo rows' sections) and runs one Jacobi step on its
// accelerator: only those rows cross between host and accelerator. Rank 0
// gathers the result and compares it with the same iterations computed on the
// host.
//
//   mpirun -n 2 ./mpi_heat [rows cols iterations]
#include <amp.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace concurrency;

static std::string narrow(const std::wstring &w) { return std::string(w.begin(), w.end()); }

// One Jacobi step on the host: the reference.
static void step_host(const std::vector<float> &in, std::vector<float> &out, int rows, int cols) {
  out = in;
  for (int i = 1; i < rows - 1; ++i)
    for (int j = 1; j < cols - 1; ++j)
      out[i * cols + j] = 0.25f * (in[(i - 1) * cols + j] + in[(i + 1) * cols + j] +
                                   in[i * cols + j - 1] + in[i * cols + j + 1]);
}

static float initial(int i, int j, int rows, int cols) {
  if (i == 0)
    return 100.0f; // a hot top edge
  if (i == rows - 1 || j == 0 || j == cols - 1)
    return 0.0f;
  return static_cast<float>((i * 7 + j * 13) % 17); // a non-trivial interior
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int rows = argc > 1 ? std::atoi(argv[1]) : 256;
  const int cols = argc > 2 ? std::atoi(argv[2]) : 256;
  const int iterations = argc > 3 ? std::atoi(argv[3]) : 100;

  // One rank per accelerator.
  std::vector<accelerator> devices;
  for (const accelerator &a : accelerator::get_all())
    if (a.device_path != accelerator::cpu_accelerator)
      devices.push_back(a);
  if (devices.empty()) {
    std::fprintf(stderr, "rank %d: no accelerator can run kernels\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  accelerator acc = devices[rank % devices.size()];
  accelerator_view av = acc.default_view;
  std::printf("rank %d of %d: %s\n", rank, size, narrow(acc.description).c_str());
  std::fflush(stdout);

  // Rows [first, first + own) of the grid are this rank's; its block has one
  // halo row above and one below (unused at the grid's top and bottom edges).
  const int base = rows / size, extra = rows % size;
  const int own = base + (rank < extra ? 1 : 0);
  const int first = rank * base + std::min(rank, extra);
  const int local = own + 2;
  std::vector<float> block(local * cols, 0.0f);
  for (int i = 0; i < own; ++i)
    for (int j = 0; j < cols; ++j)
      block[(i + 1) * cols + j] = initial(first + i, j, rows, cols);

  array_view<float, 2> cur(local, cols, block);
  array_view<float, 2> next(local, cols); // no data source: lives on the accelerator
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

  // One row of the block, as a section of the view.
  auto row = [&](int i) { return cur.section(index<2>(i, 0), extent<2>(1, cols)); };

  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  for (int it = 0; it < iterations; ++it) {
    // Halo exchange: the edge rows a neighbour needs come home, the
    // neighbours' rows go into the halos.
    if (up != MPI_PROC_NULL)
      row(1).synchronize();
    if (down != MPI_PROC_NULL)
      row(own).synchronize();
    MPI_Sendrecv(&block[1 * cols], cols, MPI_FLOAT, up, 0, &block[(local - 1) * cols], cols,
                 MPI_FLOAT, down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&block[own * cols], cols, MPI_FLOAT, down, 1, &block[0], cols, MPI_FLOAT, up,
                 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (up != MPI_PROC_NULL)
      row(0).refresh();
    if (down != MPI_PROC_NULL)
      row(local - 1).refresh();

    const int top = first, nrows = rows;
    parallel_for_each(av, cur.extent, [=](index<2> idx) restrict(amp) {
      int i = idx[0], j = idx[1];
      int g = top + i - 1; // row in the whole grid
      if (i == 0 || i == local - 1)
        next[idx] = cur[idx]; // halo rows: not computed here
      else if (g == 0 || g == nrows - 1 || j == 0 || j == cols - 1)
        next[idx] = cur[idx]; // fixed boundary
      else
        next[idx] = 0.25f * (cur(i - 1, j) + cur(i + 1, j) + cur(i, j - 1) + cur(i, j + 1));
    });
    parallel_for_each(av, cur.extent, [=](index<2> idx) restrict(amp) { cur[idx] = next[idx]; });
  }
  cur.synchronize();
  double seconds = MPI_Wtime() - start;

  // Gather the owned rows on rank 0.
  std::vector<int> counts(size), offsets(size);
  for (int r = 0; r < size; ++r) {
    counts[r] = (base + (r < extra ? 1 : 0)) * cols;
    offsets[r] = (r * base + std::min(r, extra)) * cols;
  }
  std::vector<float> grid(rank == 0 ? rows * cols : 0);
  MPI_Gatherv(&block[cols], own * cols, MPI_FLOAT, grid.data(), counts.data(), offsets.data(),
              MPI_FLOAT, 0, MPI_COMM_WORLD);
  double slowest = 0.0;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

  int status = 0;
  if (rank == 0) {
    std::vector<float> ref(rows * cols), tmp;
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j)
        ref[i * cols + j] = initial(i, j, rows, cols);
    for (int it = 0; it < iterations; ++it) {
      step_host(ref, tmp, rows, cols);
      ref.swap(tmp);
    }
    double max_error = 0.0;
    for (int k = 0; k < rows * cols; ++k)
      max_error = std::max(max_error, static_cast<double>(std::fabs(grid[k] - ref[k])));
    bool ok = max_error <= 1e-4;
    std::printf("heat %dx%d, %d iterations on %d ranks: %.3f s\n", rows, cols, iterations, size,
                slowest);
    std::printf("check against the host: %s (max abs error %g)\n", ok ? "PASSED" : "FAILED",
                max_error);
    status = ok ? 0 : 1;
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
