import FuzzDriver

runFuzzer { data, size in fuzzQuery(data ?? UnsafePointer(bitPattern: 1)!, size) }
