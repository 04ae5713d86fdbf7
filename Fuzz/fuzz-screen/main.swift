import FuzzDriver

runFuzzer { data, size in fuzzScreen(data ?? UnsafePointer(bitPattern: 1)!, size) }
