// The halo exchange of samples/mpi/mpi_heat.cpp alone: two ranks swap `rows`
// rows (the halo depth, default 1) of `cols` floats each way per exchange
// (the sample's two MPI_Sendrecv calls), and rank 0 prints the seconds per
// exchange. With the GPU figures of `ampvk_bench halo` it makes docs/mpi.md's
// model of two GPUs.
//
//   mpirun -n 2 mpi_exchange [cols [exchanges [rows]]]
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int cols = argc > 1 ? std::atoi(argv[1]) : 4096;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 2000;
  const int rows = argc > 3 ? std::atoi(argv[3]) : 1;
  const int count = rows * cols;
  if (size != 2) {
    if (rank == 0)
      std::fprintf(stderr, "mpi_exchange: run with 2 ranks\n");
    MPI_Finalize();
    return 1;
  }
  const int other = 1 - rank;
  std::vector<float> edge(count, float(rank)), halo(count, 0.0f);
  for (int warm = 0; warm < 2; ++warm) {
    MPI_Barrier(MPI_COMM_WORLD);
    const double start = MPI_Wtime();
    for (int it = 0; it < iterations; ++it) {
      MPI_Sendrecv(edge.data(), count, MPI_FLOAT, other, 0, halo.data(), count, MPI_FLOAT, other,
                   0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Sendrecv(edge.data(), count, MPI_FLOAT, other, 1, halo.data(), count, MPI_FLOAT, other,
                   1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    const double seconds = (MPI_Wtime() - start) / iterations;
    if (warm && rank == 0)
      std::printf("exchange of two blocks of %d %d-float rows each way: %.1f us per exchange\n",
                  rows, cols, seconds * 1e6);
  }
  const bool ok = halo[0] == float(other) && halo[count - 1] == float(other);
  MPI_Finalize();
  return ok ? 0 : 1;
}
