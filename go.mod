module mcarena

go 1.26.8
