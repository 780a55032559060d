// A 2-D heat (Jacobi) stencil split by rows over MPI ranks, one rank per
// accelerator: rank r runs on hardware-or-Vulkan accelerator r mod count (the
// CPU accelerator, which runs no kernels, is skipped). Each rank keeps its
// band of rows with `depth` halo rows above and below in two array_views over
// host vectors, and steps from one into the other. The neighbours' rows
// arrive every `depth` iterations; in between, each iteration computes one
// row less at each end of the band (the rows its neighbours would have sent
// are recomputed here), so a deeper halo trades a little computation for
// fewer round trips through the host. An iteration that ends a round
// computes the edge rows its neighbours need first and starts bringing them
// home (synchronize_async of their sections), then computes the interior
// while the edge rows travel: they come home, go to the neighbours
// (MPI_Sendrecv) into the halo rows of the new band, and refresh() of those
// rows' sections tells the view the host changed them. Only those rows cross
// between host and accelerator, and the accelerator computes the interior
// meanwhile. Rank 0 gathers the result and compares it with the same
// iterations computed on the host.
//
//   mpirun -n 2 ./mpi_heat [rows cols iterations [depth]]
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

// One Jacobi step of the band's rows [first, first + count): cur to next.
// The grid's top and bottom rows and its outer columns keep their values, and
// so do rows beyond them (halo rows of the first and last ranks, which no
// neighbour fills); `top` is the grid row of the band's row `depth`.
static void step(const accelerator_view &av, const array_view<const float, 2> &cur,
                 const array_view<float, 2> &next, int first, int count, int top, int depth,
                 int grid_rows) {
  if (count <= 0)
    return;
  const int cols = cur.extent[1];
  array_view<float, 2> out = next.section(index<2>(first, 0), extent<2>(count, cols));
  parallel_for_each(av, out.extent, [=](index<2> idx) restrict(amp) {
    const int i = first + idx[0], j = idx[1];
    const int g = top + i - depth; // row in the whole grid
    if (g <= 0 || g >= grid_rows - 1 || j == 0 || j == cols - 1)
      out[idx] = cur(i, j);
    else
      out[idx] = 0.25f * (cur(i - 1, j) + cur(i + 1, j) + cur(i, j - 1) + cur(i, j + 1));
  });
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int rows = argc > 1 ? std::atoi(argv[1]) : 256;
  const int cols = argc > 2 ? std::atoi(argv[2]) : 256;
  const int iterations = argc > 3 ? std::atoi(argv[3]) : 100;
  const int depth = argc > 4 ? std::atoi(argv[4]) : 1;

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

  // Rows [first, first + own) of the grid are this rank's; its block has
  // `depth` halo rows above and below (unused at the grid's top and bottom).
  const int base = rows / size, extra = rows % size;
  const int own = base + (rank < extra ? 1 : 0);
  const int first = rank * base + std::min(rank, extra);
  if (depth < 1 || own < 2 * depth) {
    if (rank == 0)
      std::fprintf(stderr, "mpi_heat: the halo depth must be at least 1 and at most half of "
                           "the rows of a rank (%d)\n", base / 2);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  const int local = own + 2 * depth;
  std::vector<float> blocks[2] = {std::vector<float>(local * cols, 0.0f),
                                  std::vector<float>(local * cols, 0.0f)};
  for (int i = 0; i < own; ++i)
    for (int j = 0; j < cols; ++j)
      blocks[0][(i + depth) * cols + j] = initial(first + i, j, rows, cols);
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

  // The edge rows ([depth, 2 depth) and [own, own + depth)) go to the
  // neighbours' halo rows ([own + depth, local) and [0, depth) of theirs),
  // theirs into ours.
  const int halo = depth * cols;
  auto exchange = [&](std::vector<float> &block) {
    MPI_Sendrecv(&block[depth * cols], halo, MPI_FLOAT, up, 0, &block[(own + depth) * cols], halo,
                 MPI_FLOAT, down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&block[own * cols], halo, MPI_FLOAT, down, 1, &block[0], halo, MPI_FLOAT, up, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  };
  exchange(blocks[0]); // before the views: the host data is all there is

  array_view<float, 2> views[2] = {array_view<float, 2>(local, cols, blocks[0]),
                                   array_view<float, 2>(local, cols, blocks[1])};
  views[1].discard_data(); // every row a kernel reads is written first
  auto rows_of = [&](const array_view<float, 2> &v, int i, int count) {
    return v.section(index<2>(i, 0), extent<2>(count, cols));
  };

  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  int c = 0; // views[c] holds the current band
  for (int it = 0; it < iterations; ++it) {
    const array_view<float, 2> &cur = views[c], &next = views[1 - c];
    // The k-th iteration since the halo rows arrived computes rows
    // [k + 1, local - k - 1): those next iterations need. The last of a
    // round computes the rank's own rows and sends its edges.
    const int k = it % depth;
    const bool sends = k == depth - 1 && it != iterations - 1;
    if (!sends) {
      step(av, cur, next, k + 1, local - 2 * (k + 1), first, depth, rows);
      c = 1 - c;
      continue;
    }
    // The edge rows first, and their way home started: the copies are
    // recorded now, before the interior's kernel, which then runs while the
    // rows travel.
    step(av, cur, next, depth, depth, first, depth, rows);
    step(av, cur, next, own, depth, first, depth, rows);
    completion_future to_up, to_down;
    if (up != MPI_PROC_NULL)
      to_up = rows_of(next, depth, depth).synchronize_async();
    if (down != MPI_PROC_NULL)
      to_down = rows_of(next, own, depth).synchronize_async();
    step(av, cur, next, 2 * depth, own - 2 * depth, first, depth, rows);
    av.flush(); // the interior starts now, not at the next wait
    if (to_up.valid())
      to_up.get();
    if (to_down.valid())
      to_down.get();
    exchange(blocks[1 - c]);
    if (up != MPI_PROC_NULL)
      rows_of(next, 0, depth).refresh();
    if (down != MPI_PROC_NULL)
      rows_of(next, own + depth, depth).refresh();
    c = 1 - c;
  }
  rows_of(views[c], depth, own).synchronize();
  // The rest is scratch: without this, the views' destruction would bring
  // the rows the last iterations wrote beyond the rank's own home too.
  views[0].discard_data();
  views[1].discard_data();
  double seconds = MPI_Wtime() - start;
  const std::vector<float> &block = blocks[c];

  // Gather the owned rows on rank 0.
  std::vector<int> counts(size), offsets(size);
  for (int r = 0; r < size; ++r) {
    counts[r] = (base + (r < extra ? 1 : 0)) * cols;
    offsets[r] = (r * base + std::min(r, extra)) * cols;
  }
  std::vector<float> grid(rank == 0 ? rows * cols : 0);
  MPI_Gatherv(&block[depth * cols], own * cols, MPI_FLOAT, grid.data(), counts.data(), offsets.data(),
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
    std::printf("heat %dx%d, %d iterations on %d ranks, halo depth %d: %.3f s\n", rows, cols,
                iterations, size, depth, slowest);
    std::printf("check against the host: %s (max abs error %g)\n", ok ? "PASSED" : "FAILED",
                max_error);
    status = ok ? 0 : 1;
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
