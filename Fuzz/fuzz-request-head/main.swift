import FuzzDriver

runFuzzer { data, size in fuzzRequestHead(data ?? UnsafePointer(bitPattern: 1)!, size) }
