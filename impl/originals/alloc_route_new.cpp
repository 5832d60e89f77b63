/*
 * alloc_route_new.cpp - C++'s operators new and delete for the Haiku code
 * of one original backend, on top of alloc_route.c's malloc and free (so
 * through the suite's allocator). Local to the shared object, like them.
 * The over-aligned forms (C++17) are not replaced: no Haiku type here is
 * over-aligned.
 */
#include <cstdlib>
#include <new>

namespace {

void *
allocate(std::size_t size)
{
	void *block = std::malloc(size != 0 ? size : 1);
	if (block == nullptr)
		throw std::bad_alloc();
	return block;
}

} // namespace

void *
operator new(std::size_t size)
{
	return allocate(size);
}

void *
operator new[](std::size_t size)
{
	return allocate(size);
}

void *
operator new(std::size_t size, const std::nothrow_t &) noexcept
{
	return std::malloc(size != 0 ? size : 1);
}

void *
operator new[](std::size_t size, const std::nothrow_t &) noexcept
{
	return std::malloc(size != 0 ? size : 1);
}

void
operator delete(void *block) noexcept
{
	std::free(block);
}

void
operator delete[](void *block) noexcept
{
	std::free(block);
}

#ifdef __cpp_sized_deallocation
void
operator delete(void *block, std::size_t) noexcept
{
	std::free(block);
}

void
operator delete[](void *block, std::size_t) noexcept
{
	std::free(block);
}
#endif

void
operator delete(void *block, const std::nothrow_t &) noexcept
{
	std::free(block);
}

void
operator delete[](void *block, const std::nothrow_t &) noexcept
{
	std::free(block);
}
